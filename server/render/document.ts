import type { BuiltAssets } from './assets';

/**
 * JSON that can sit inside a <script> element: every `<`, `>` and `&` (so no value can close
 * the element or open a comment) and the two line separators JavaScript once refused are
 * written as \\u escapes, which JSON.parse reads back to the same characters.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

export interface DocumentParts {
  language: string;
  nonce: string;
  /** Title, meta, canonical, JSON-LD: already escaped HTML. */
  head: string;
  /** The rendered React tree (the content of #root). */
  root: string;
  /** The store's state, embedded for the browser to hydrate with. */
  state: unknown;
  /** The webpack chunk of the page type: its styles and script are linked in the head. */
  pageChunk: string;
}

/** The id of the script element that carries the store's state (read once by src/app/main.tsx). */
export const STATE_ELEMENT_ID = 'shop-state';

/**
 * The page: the build's template with the page's head, its chunk's styles and script (so the
 * browser fetches them at once and hydrates in one pass), the rendered tree and the state as
 * data (`type="application/json"`, never run). Every script tag carries the request's nonce.
 */
export function pageDocument(assets: BuiltAssets, parts: DocumentParts): string {
  const chunk = assets.chunks[parts.pageChunk] ?? { js: [], css: [] };
  const entry = assets.chunks.main ?? { js: [], css: [] };
  const pageCss = chunk.css.filter((file) => !entry.css.includes(file));
  const pageJs = chunk.js.filter((file) => !entry.js.includes(file));
  const head = [
    parts.head,
    ...pageCss.map((file) => `<link rel="stylesheet" href="/${escapeHtml(file)}">`),
    ...pageJs.map((file) => `<script nonce="${parts.nonce}" defer src="/${escapeHtml(file)}"></script>`),
  ].join('');
  const state = `<script nonce="${parts.nonce}" type="application/json" id="${STATE_ELEMENT_ID}">${scriptSafeJson(parts.state)}</script>`;
  // The template is the build's minified index.html: places are found by their elements.
  return assets.template
    .replace(/<script(?=[\s>])/g, `<script nonce="${parts.nonce}"`)
    .replace(/<html lang=("[^"]*"|[^\s>]*)/, `<html lang="${escapeHtml(parts.language)}"`)
    .replace('</head>', () => `${head}</head>`)
    .replace(/<div id=("root"|root)><\/div>/, () => `<div id="root">${parts.root}</div>`)
    .replace('</body>', () => `${state}</body>`);
}
