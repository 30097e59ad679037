import DOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { sanitizeShopHtml } from '../../src/domain/htmlPolicy';

type Purifier = ReturnType<typeof DOMPurify>;
let purifier: Purifier | null = null;

/**
 * The server has no DOM: DOMPurify works on a jsdom window of its own, made once per process, so
 * the HTML the server embeds in a page is cleaned by the same library, with the same allow-list
 * (src/domain/htmlPolicy.ts), as HTML that reaches the browser after load (src/api/sanitizer.ts).
 */
export function ensureServerSanitizer(): Purifier {
  purifier ??= DOMPurify(new JSDOM('').window as unknown as Parameters<typeof DOMPurify>[0]);
  return purifier;
}

/** Server-provided HTML (descriptions, information pages, snippets, widgets), cleaned before it is embedded. */
export function sanitizeHtml(html: string): string {
  return sanitizeShopHtml(ensureServerSanitizer(), html);
}
