/**
 * Responsive images (storefront spec sections 2 and 9): the source is chosen by the layout
 * mode (src_mobile, src_tablet, src_desktop); the small lazy-load source is used at width 420;
 * lazy loading starts 100 px before the image scrolls into view.
 */
export const LAZY_OFFSET_PX = 100;
export const SMALL_SOURCE_WIDTH = 420;

export interface ResponsiveSources {
  src_mobile?: string;
  src_tablet?: string;
  src_desktop?: string;
}

export function sourceForMode(sources: ResponsiveSources, mode: number | null): string | undefined {
  if (mode === 1) return sources.src_mobile ?? sources.src_tablet ?? sources.src_desktop;
  if (mode === 2) return sources.src_tablet ?? sources.src_desktop ?? sources.src_mobile;
  return sources.src_desktop ?? sources.src_tablet ?? sources.src_mobile;
}

/** The small source: the address asked at width 420. */
export function smallSource(src: string): string {
  return `${src}${src.includes('?') ? '&' : '?'}w=${SMALL_SOURCE_WIDTH}`;
}
