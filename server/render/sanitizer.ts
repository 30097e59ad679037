import DOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { sanitizeShopHtml } from '../../src/domain/htmlPolicy';
import { TtlCache } from '../db/ttlCache';

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

/**
 * Cleaned HTML by its source: cleaning is a pure function of the source (one policy), and the
 * same descriptions, snippets and widgets come back in page after page, where cleaning each
 * (a jsdom parse and a walk) was a fifth of the server's time drawing pages (issue 22). Sources
 * above MEMO_MAX_SOURCE characters are cleaned every time, so the memory stays bounded.
 */
const MEMO_ENTRIES = 2_000;
const MEMO_MAX_SOURCE = 16 * 1024;
const cleaned = new TtlCache<string, string>(MEMO_ENTRIES, 10 * 60_000);

/** Server-provided HTML (descriptions, information pages, snippets, widgets), cleaned before it is embedded. */
export function sanitizeHtml(html: string): string {
  if (html.length > MEMO_MAX_SOURCE) return sanitizeShopHtml(ensureServerSanitizer(), html);
  return cleaned.getOrSet(html, () => sanitizeShopHtml(ensureServerSanitizer(), html));
}
