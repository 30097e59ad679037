import type { Config, DOMPurify } from 'dompurify';

/**
 * The allow-list for the HTML the shop's server sends (product descriptions, hotspot zones,
 * snippets, widgets): text structure, tables, lists, links and images, with classes for styling.
 * No forms or form controls (a form could post the shopper's input elsewhere), no inline styles
 * (an overlay could fake the page), no `id` or `name` (they would shadow globals such as
 * `document.cookie` or a script's variables: DOM clobbering), no frames, scripts, SVG or MathML,
 * no event handlers, no `data-*` beyond those named, only the URL schemes DOMPurify deems safe.
 */
export const SHOP_HTML_POLICY = {
  ALLOWED_TAGS: [
    'a', 'abbr', 'article', 'b', 'br', 'caption', 'dd', 'div', 'dl', 'dt', 'em', 'figcaption', 'figure', 'h2', 'h3', 'h4', 'hr', 'i', 'img',
    'li', 'ol', 'p', 'section', 'small', 'span', 'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'u', 'ul',
  ],
  ALLOWED_ATTR: ['alt', 'class', 'colspan', 'data-device', 'data-src_desktop', 'data-src_mobile', 'data-src_tablet', 'data-tech-name', 'headers', 'height', 'href', 'lang', 'loading', 'rowspan', 'scope', 'src', 'title', 'width'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOW_SELF_CLOSE_IN_ATTR: false,
  SAFE_FOR_TEMPLATES: true,
  SANITIZE_DOM: true,
  SANITIZE_NAMED_PROPS: true,
  KEEP_CONTENT: true,
  FORBID_TAGS: ['form', 'input', 'button', 'select', 'option', 'textarea', 'style', 'script', 'iframe', 'object', 'embed', 'svg', 'math', 'template', 'base', 'link', 'meta'],
  FORBID_ATTR: ['style', 'id', 'name', 'srcset', 'action', 'formaction', 'target'],
} satisfies Config;

/** Server HTML made safe for the page, as a string. */
export function sanitizeShopHtml(purify: DOMPurify, html: string): string {
  return purify.sanitize(html, { ...SHOP_HTML_POLICY, RETURN_DOM: false, RETURN_DOM_FRAGMENT: false, RETURN_TRUSTED_TYPE: false });
}

/** Server HTML made safe for the page, as a fragment (to split into elements). */
export function sanitizeShopFragment(purify: DOMPurify, html: string): DocumentFragment {
  return purify.sanitize(html, { ...SHOP_HTML_POLICY, RETURN_DOM_FRAGMENT: true });
}
