import DOMPurify, { type WindowLike } from 'dompurify';
import { sanitizeShopHtml } from '../domain/htmlPolicy';

type Purifier = ReturnType<typeof DOMPurify>;
let purifier: Purifier | null = null;

/**
 * The server has no DOM: it hands DOMPurify a window of its own (jsdom) once at start, so the
 * HTML it draws is cleaned by the same library, with the same rules, as in the browser.
 */
export function setSanitizerWindow(window: WindowLike): void {
  purifier = DOMPurify(window);
}

/** Server-provided HTML (descriptions), cleaned before it reaches the page, by the shop's allow-list (src/domain/htmlPolicy.ts). */
export function sanitizeHtml(html: string): string {
  const active = purifier ?? (DOMPurify.isSupported ? DOMPurify : null);
  if (!active) throw new Error('No DOM to sanitise HTML with: call useSanitizerWindow first');
  return sanitizeShopHtml(active, html);
}
