/**
 * Server HTML that arrives after load (hotspots, snippets, widgets) is sanitised before it
 * reaches the page, by DOMPurify with the shop's explicit allow-list (src/domain/htmlPolicy.ts:
 * no forms or inputs, no inline styles, no id/name that could shadow globals, nothing that runs
 * code). DOMPurify is its own chunk, loaded the first time such HTML comes. (HTML the server
 * draws is cleaned on the server with the same allow-list: server/render/sanitizer.ts.)
 */
export type SanitizeToFragment = (html: string) => DocumentFragment;

let loaded: Promise<SanitizeToFragment> | null = null;

/** The page's sanitiser, DOMPurify loaded on first use. */
export function loadSanitizer(): Promise<SanitizeToFragment> {
  loaded ??= (async () => {
    // DOMPurify and the allow-list travel together in the sanitiser's chunk.
    const [purify, { sanitizeShopFragment }] = await Promise.all([import(/* webpackChunkName: "sanitizer" */ 'dompurify'), import(/* webpackChunkName: "sanitizer" */ '../domain/htmlPolicy')]);
    return (html: string) => sanitizeShopFragment(purify.default, html);
  })();
  return loaded;
}

/** The sanitised HTML as text, for `dangerouslySetInnerHTML`. */
export function fragmentHtml(fragment: DocumentFragment): string {
  const holder = document.createElement('div');
  holder.appendChild(fragment.cloneNode(true));
  return holder.innerHTML;
}

/** Sanitises one piece of server HTML to text. */
export async function sanitizeHtml(html: string): Promise<string> {
  const sanitize = await loadSanitizer();
  return fragmentHtml(sanitize(html));
}
