/**
 * Server HTML (hotspots, snippets, widgets, the product description) is sanitised before it
 * reaches the page. Where the browser has its own HTML sanitiser (`Element.setHTML`, the
 * Sanitizer API: Chromium, Firefox), that one is used, so DOMPurify (about 11 KB gzip) loads
 * only in browsers without it, as its own chunk. Both keep ordinary markup (classes, styles,
 * images, links, forms) and drop what runs code: scripts, event handlers, javascript: URLs,
 * frames and objects; meta, link and base elements go too (a refresh or a base address could
 * move the page).
 */
export type SanitizeToFragment = (html: string) => DocumentFragment;

interface SetHtmlElement extends Element {
  setHTML(html: string, options?: { sanitizer?: { removeElements?: string[] } }): void;
}

const REMOVED_ELEMENTS = ['meta', 'link', 'base'];

function nativeSanitizer(): SanitizeToFragment | null {
  if (typeof document === 'undefined') return null;
  const probe = document.createElement('template');
  if (typeof (probe as unknown as Partial<SetHtmlElement>).setHTML !== 'function') return null;
  // Parsed in an inert document: nothing it holds loads or runs before it is placed.
  const inert = document.implementation.createHTMLDocument('');
  return (html) => {
    const holder = inert.createElement('div') as unknown as SetHtmlElement;
    // A configuration naming only removals keeps every other safe element and attribute; setHTML always removes the unsafe ones.
    holder.setHTML(html, { sanitizer: { removeElements: REMOVED_ELEMENTS } });
    const fragment = document.createDocumentFragment();
    for (const child of Array.from(holder.childNodes)) fragment.appendChild(document.importNode(child, true));
    return fragment;
  };
}

let loaded: Promise<SanitizeToFragment> | null = null;

/** The page's sanitiser: the browser's own, or DOMPurify loaded on first use. */
export function loadSanitizer(): Promise<SanitizeToFragment> {
  loaded ??= (async () => {
    const native = nativeSanitizer();
    if (native) return native;
    const purify = (await import(/* webpackChunkName: "sanitizer" */ 'dompurify')).default;
    return (html: string) => purify.sanitize(html, { RETURN_DOM_FRAGMENT: true, FORBID_TAGS: REMOVED_ELEMENTS });
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
