/** Back-to-top link (storefront spec sections 2 and 9): shown after scrolling twice the window height; 500 ms animation. */
export const BACK_TO_TOP_ANIMATION_MS = 500;
export const BACK_TO_TOP_FACTOR = 2;

export function backToTopVisible(scrollY: number, windowHeight: number): boolean {
  return windowHeight > 0 && scrollY > BACK_TO_TOP_FACTOR * windowHeight;
}

/** Ease-in-out position at time t (0..duration) of a scroll from `from` to 0. */
export function scrollPosition(from: number, elapsed: number, duration = BACK_TO_TOP_ANIMATION_MS): number {
  const t = Math.min(Math.max(elapsed / duration, 0), 1);
  const eased = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
  return Math.round(from * (1 - eased));
}
