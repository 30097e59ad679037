import type { PageHead } from './seo';

/**
 * HTML for a page's head (title, meta, canonical, Open Graph, JSON-LD) and the escaping the
 * server-rendered page needs for data inside a script element. Pure string work.
 */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or an attribute value (in double quotes) made inert in HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/**
 * JSON for the inside of a `<script>` element: `<`, `>` and `&` as `\u003c`, `\u003e`, `\u0026`
 * (so no value can close the element, open a comment or look like markup), and U+2028 / U+2029
 * escaped (line terminators to older JavaScript parsers). The text is still JSON: `JSON.parse`
 * reads back the same value. `undefined` serialises as `null`.
 */
export function serializeStateForScript(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The head elements of a page; each JSON-LD block in its own data script carrying the page's nonce. */
export function renderHead(head: PageHead, nonce: string): string {
  const attr = escapeHtml;
  const lines = [`<title>${escapeHtml(head.title)}</title>`, `<meta name="description" content="${attr(head.description)}">`];
  if (head.canonical) lines.push(`<link rel="canonical" href="${attr(head.canonical)}">`);
  for (const [hreflang, href] of head.alternates ?? []) lines.push(`<link rel="alternate" hreflang="${attr(hreflang)}" href="${attr(href)}">`);
  if (head.robots) lines.push(`<meta name="robots" content="${attr(head.robots)}">`);
  for (const [property, content] of head.openGraph) lines.push(`<meta property="${attr(property)}" content="${attr(content)}">`);
  for (const [name, content] of head.meta ?? []) lines.push(`<meta name="${attr(name)}" content="${attr(content)}">`);
  for (const data of head.jsonLd) lines.push(`<script type="application/ld+json"${nonce ? ` nonce="${attr(nonce)}"` : ''}>${serializeStateForScript(data)}</script>`);
  return lines.join('\n');
}
