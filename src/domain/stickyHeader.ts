/**
 * Sticky header (brake-parts spec, section 2): the header becomes fixed once the page is
 * scrolled beyond its height plus its bottom margin, and only in views above 2 (desktop).
 */
export const STICKY_HEADER_MIN_VIEW = 3;

export interface StickyHeaderInput {
  scrollY: number;
  headerHeight: number;
  headerMarginBottom: number;
  /** Layout mode 1-4; null before it is measured. */
  view: number | null;
}

export function isHeaderFixed({ scrollY, headerHeight, headerMarginBottom, view }: StickyHeaderInput): boolean {
  if (view === null || view < STICKY_HEADER_MIN_VIEW) return false;
  return scrollY > headerHeight + headerMarginBottom;
}
