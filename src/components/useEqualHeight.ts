import { useEffect, type RefObject } from 'react';
import { equalHeightUsable, equalRowHeights, rowSize } from '../domain/equalHeight';

const px = (value: string) => Number.parseFloat(value) || 0;

/** The container's child that holds `element` (its grid cell), or null when outside. */
function cellOf(container: Element, element: Element): Element | null {
  let node: Element | null = element;
  while (node && node.parentElement !== container) node = node.parentElement;
  return node;
}

/**
 * Equal-height rows, once (storefront spec sections 5 and 9): the row size is the container's
 * content width divided by the first item's (its cell's) width including margins, rounded;
 * in each row the elements matching a selector get, as min-height, the height of the row's
 * tallest one. Returns false when the helper's preconditions fail (no container, no selector).
 */
export function equalizeHeights(container: HTMLElement | null, selectors: string | readonly string[]): boolean {
  const list = (typeof selectors === 'string' ? [selectors] : [...selectors]).filter(Boolean);
  if (!equalHeightUsable({ container: container ? 'container' : undefined, items: list, containerExists: Boolean(container?.isConnected) }) || !container) return false;
  const cells = Array.from(container.children);
  if (cells.length === 0) return true;
  const style = getComputedStyle(container);
  const innerWidth = container.getBoundingClientRect().width - px(style.paddingLeft) - px(style.paddingRight);
  const first = cells[0]!;
  const firstStyle = getComputedStyle(first);
  const perRow = rowSize(innerWidth, first.getBoundingClientRect().width + px(firstStyle.marginLeft) + px(firstStyle.marginRight));
  for (const selector of list) {
    const elements = Array.from(container.querySelectorAll<HTMLElement>(selector));
    // Measure each at its natural height first, then give each its row's tallest.
    elements.forEach((element) => (element.style.minHeight = ''));
    if (perRow <= 1) continue;
    const heights = new Array<number>(cells.length).fill(0);
    const cellIndex = elements.map((element) => cells.indexOf(cellOf(container, element) as Element));
    elements.forEach((element, index) => {
      const cell = cellIndex[index]!;
      if (cell >= 0) heights[cell] = Math.max(heights[cell]!, element.getBoundingClientRect().height);
    });
    const tallest = equalRowHeights(heights, perRow);
    elements.forEach((element, index) => {
      const cell = cellIndex[index]!;
      if (cell >= 0 && tallest[cell]! > 0) element.style.minHeight = `${tallest[cell]}px`;
    });
  }
  return true;
}

/**
 * Keeps the matching elements of each row of `container` at one height: again on resize
 * (the container's or the window's), when the items change, and when the web fonts arrive.
 */
export function useEqualHeight(container: RefObject<HTMLElement | null>, selectors: string | readonly string[]): void {
  const key = typeof selectors === 'string' ? selectors : selectors.join('\n');
  useEffect(() => {
    const element = container.current;
    const list = key.split('\n');
    if (!element) return;
    let frame = 0;
    let width = -1;
    const run = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => equalizeHeights(element, list));
    };
    equalizeHeights(element, list);
    // Only a new width regroups the rows: our own min-heights change the height alone.
    const resize = typeof ResizeObserver === 'undefined'
      ? null
      : new ResizeObserver((entries) => {
          const next = Math.round(entries[0]?.contentRect.width ?? 0);
          if (next !== width) {
            width = next;
            run();
          }
        });
    resize?.observe(element);
    const mutations = new MutationObserver(run);
    mutations.observe(element, { childList: true, subtree: true, characterData: true });
    window.addEventListener('resize', run);
    void document.fonts?.ready.then(run);
    return () => {
      cancelAnimationFrame(frame);
      resize?.disconnect();
      mutations.disconnect();
      window.removeEventListener('resize', run);
    };
  }, [container, key]);
}
