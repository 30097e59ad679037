/**
 * Slider rules (storefront spec sections 4, 5 and 9): defaults, breakpoints, and the index
 * arithmetic the slider machine uses.
 */
export const SLIDER_DEFAULTS = {
  autoplaySpeed: 3000,
  speed: 500,
  slidesToShow: 1,
  slidesToScroll: 1,
  touchThreshold: 5,
  // The spec's z-index 1000 and center padding 50px are not kept: see docs/timing-constants.md, "Spec items with no place".
  resizeDebounceMs: 50,
  lazyLoadRetries: 3,
  lazyLoadRetryMs: 500,
} as const;

export const SLIDER_KEYS = { left: 37, right: 39 } as const;

/** Hotspot slider: above 1200 px 6 slides, then 4 (<= 1200), 4 (<= 979), 1 (<= 757), 1 (<= 550). */
export const HOTSPOT_SLIDER_BREAKPOINTS: ReadonlyArray<{ breakpoint: number; slidesToShow: number }> = [
  { breakpoint: 1200, slidesToShow: 4 },
  { breakpoint: 979, slidesToShow: 4 },
  { breakpoint: 757, slidesToShow: 1 },
  { breakpoint: 550, slidesToShow: 1 },
];
export const HOTSPOT_SLIDER_WIDEST = 6;

/** Category slider: above 1170 px 6, then 5 (<= 1170), 3 (<= 979), and none (no slider) at 757 and below. */
export const CATEGORY_SLIDER_BREAKPOINTS: ReadonlyArray<{ breakpoint: number; slidesToShow: number | 'unslick' }> = [
  { breakpoint: 1170, slidesToShow: 5 },
  { breakpoint: 979, slidesToShow: 3 },
  { breakpoint: 757, slidesToShow: 'unslick' },
];
export const CATEGORY_SLIDER_WIDEST = 6;

/** Slides shown at a viewport width, react-slick style (a breakpoint applies at or below its width). */
export function slidesToShowAt<T extends number | 'unslick'>(width: number, widest: number, breakpoints: ReadonlyArray<{ breakpoint: number; slidesToShow: T }>): number | T {
  let shown: number | T = widest;
  for (const { breakpoint, slidesToShow } of [...breakpoints].sort((a, b) => b.breakpoint - a.breakpoint)) if (width <= breakpoint) shown = slidesToShow;
  return shown;
}

/** Adding a slide: index within 0..count (count appends). */
export function canAddSlide(index: number, count: number): boolean {
  return Number.isInteger(index) && index >= 0 && index <= count;
}

/** Removing a slide: an existing index. */
export function canRemoveSlide(index: number, count: number): boolean {
  return Number.isInteger(index) && index >= 0 && index < count;
}

export interface SlidePosition {
  current: number;
  direction: 1 | -1;
}

/**
 * The next position of an autoplay or arrow step. Infinite sliders wrap; finite ones stop at
 * the last full page and, when autoplaying, reverse direction at either end.
 */
export function stepSlide(position: SlidePosition, options: { count: number; slidesToShow: number; slidesToScroll: number; infinite: boolean }, towards: 1 | -1 = position.direction): SlidePosition {
  const { count, slidesToShow, slidesToScroll, infinite } = options;
  if (count <= 0) return { current: 0, direction: position.direction };
  if (infinite) return { current: (((position.current + towards * slidesToScroll) % count) + count) % count, direction: position.direction };
  const last = Math.max(0, count - slidesToShow);
  const next = position.current + towards * slidesToScroll;
  if (next > last) return position.current >= last ? { current: Math.max(0, last - slidesToScroll), direction: -1 } : { current: last, direction: towards };
  if (next < 0) return position.current <= 0 ? { current: Math.min(last, slidesToScroll), direction: 1 } : { current: 0, direction: towards };
  return { current: next, direction: towards };
}

/** An associated-products zone gets a show-more flag when it holds more than 3 products. */
export const SHOW_MORE_ABOVE = 3;
export function showMoreFlag(productCount: number): boolean {
  return productCount > SHOW_MORE_ABOVE;
}
