import { useEffect, useRef, useState } from 'react';
import { useFlow } from '../../store/hooks';
import type { LayoutModeNumber } from '../../machines/layoutMode';
import { LAZY_OFFSET_PX, sourceForMode, type ResponsiveSources } from '../domain/responsiveImage';

/**
 * An image whose source follows the layout mode, loaded lazily 100 px ahead of the viewport
 * (eager images load at once: the first ones on screen).
 */
export function ResponsiveImage({ sources, alt, width, height, className, eager = false }: { sources: ResponsiveSources; alt: string; width: number; height: number; className?: string; eager?: boolean }) {
  const mode = useFlow<{ mode: LayoutModeNumber | null }>('layoutMode')?.context.mode ?? null;
  const image = useRef<HTMLImageElement>(null);
  const [near, setNear] = useState(eager);
  useEffect(() => {
    if (near || !image.current) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: `${LAZY_OFFSET_PX}px` },
    );
    observer.observe(image.current);
    return () => observer.disconnect();
  }, [near]);
  const src = near ? sourceForMode(sources, mode ?? (eager ? 1 : null)) : undefined;
  return <img ref={image} className={className} src={src} alt={alt} width={width} height={height} decoding="async" data-loaded={src ? 'true' : 'false'} />;
}
