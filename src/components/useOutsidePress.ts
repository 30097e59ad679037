import { useEffect, type RefObject } from 'react';

/** While `active`, a press anywhere outside `root` calls `onOutside` (drop-downs, listboxes). */
export function useOutsidePress(root: RefObject<HTMLElement | null>, active: boolean, onOutside: () => void): void {
  useEffect(() => {
    if (!active) return;
    const outside = (event: Event) => {
      if (event.target instanceof Node && root.current?.contains(event.target)) return;
      onOutside();
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [active, root, onOutside]);
}
