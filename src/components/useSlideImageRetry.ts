import { useEffect, type RefObject } from 'react';
import { SLIDER_DEFAULTS } from '../domain/slider';

/**
 * The slider's lazy-load error retry (storefront spec section 9): a slide image that fails to
 * load is asked for again, up to 3 times, 500 ms after each failure. Setting `src` again (even
 * to the same address) makes the browser fetch an image whose last load failed.
 */
export function useSlideImageRetry(root: RefObject<HTMLElement | null>, retries: number = SLIDER_DEFAULTS.lazyLoadRetries, delayMs: number = SLIDER_DEFAULTS.lazyLoadRetryMs): void {
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const tried = new WeakMap<HTMLImageElement, number>();
    const timers = new Set<ReturnType<typeof setTimeout>>();
    // An image's error event does not bubble: listen in the capture phase.
    const onError = (event: Event) => {
      const image = event.target;
      if (!(image instanceof HTMLImageElement)) return;
      const src = image.getAttribute('src');
      const count = tried.get(image) ?? 0;
      if (!src || count >= retries) return;
      tried.set(image, count + 1);
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (image.getAttribute('src') === src) image.setAttribute('src', src);
      }, delayMs);
      timers.add(timer);
    };
    element.addEventListener('error', onError, true);
    return () => {
      element.removeEventListener('error', onError, true);
      for (const timer of timers) clearTimeout(timer);
    };
  }, [root, retries, delayMs]);
}
