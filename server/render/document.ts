import type { BuiltAssets } from './assets';

import { escapeHtml, serializeStateForScript } from '../../src/domain/seoHtml';

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
  /**
   * The page regions' ajax-loaded scripts (the listing's analytics event, `src/domain/listAnalytics.ts`),
   * each built with every `<` escaped. Drawn after the React root, so hydration never sees them.
   */
  ajaxScripts?: readonly string[];
  /** The shop's widget script (the `script` item of its top layers and widgets), run once by the page. */
  widgetScript?: string | null;
  /** The page's largest picture (server/render/largestImage.ts): preloaded first, at high priority. */
  preloadImage?: { src: string; srcSet?: string; sizes?: string } | null;
}

/** `<link rel="preload">` of an image, with its sources and sizes (the browser fetches the one the `<img>` will pick). */
export function imagePreload(image: { src: string; srcSet?: string; sizes?: string }): string {
  const sources = image.srcSet ? ` imagesrcset="${escapeHtml(image.srcSet)}"${image.sizes ? ` imagesizes="${escapeHtml(image.sizes)}"` : ''}` : '';
  return `<link rel="preload" as="image" href="${escapeHtml(image.src)}"${sources} fetchpriority="high">`;
}

/** Script text for an inline script element: nothing in it can close the element. */
export function inlineScriptText(source: string): string {
  return source.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}

/** The meta element naming the page chunk's scripts, which src/app/main.tsx loads with the app's (its name is repeated there). */
export const PAGE_SCRIPTS_META = 'page-scripts';

/** The id of the script element that carries the store's state (read once by src/app/start.tsx). */
export const STATE_ELEMENT_ID = 'shop-state';

/**
 * The page: the build's template with the page's head, the shop's styles, and the names of its
 * chunk's scripts (the entry asks for them, and for the app's, once the first screen is painted), the rendered tree and the state as
 * data (`type="application/json"`, never run). Every script tag carries the request's nonce (none on a public page).
 */
export function pageDocument(assets: BuiltAssets, parts: DocumentParts): string {
  const none = { js: [], css: [] };
  const chunk = assets.chunks[parts.pageChunk] ?? none;
  const entry = assets.chunks.main ?? none;
  // The app's code (src/app/start.tsx and all it runs) loads after the first screen; its styles,
  // which the server-drawn components need at once, are linked with the entry's.
  const app = assets.chunks.app ?? none;
  const appCss = app.css.filter((file) => !entry.css.includes(file));
  const pageCss = chunk.css.filter((file) => !entry.css.includes(file) && !app.css.includes(file));
  const pageJs = chunk.js.filter((file) => !entry.js.includes(file) && !app.js.includes(file));
  // A public page carries no nonce (its inline scripts are allowed by their hashes).
  const nonceAttr = parts.nonce ? ` nonce="${parts.nonce}"` : '';
  const head = [
    parts.head,
    ...[...appCss, ...pageCss].map((file) => `<link rel="stylesheet" href="/${escapeHtml(file)}">`),
    // The page chunk's script is named, not linked: the entry asks for it with the app's, after the first screen.
    pageJs.length ? `<meta name="${PAGE_SCRIPTS_META}" content="${pageJs.map((file) => `/${escapeHtml(file)}`).join(' ')}">` : '',
  ].join('');
  const widgetScript = parts.widgetScript ? `<script${nonceAttr}>${inlineScriptText(parts.widgetScript)}</script>` : '';
  const state = `${widgetScript}<script${nonceAttr} type="application/json" id="${STATE_ELEMENT_ID}">${serializeStateForScript(parts.state)}</script>`;
  const ajaxScripts = (parts.ajaxScripts ?? []).map((source) => `<script${nonceAttr} data-ajax-load>${inlineScriptText(source)}</script>`).join('');
  // The template is the build's minified index.html: places are found by their elements.
  return assets.template
    .replace(/<script(?=[\s>])/g, `<script${nonceAttr}`)
    .replace(/<html(\s+lang=("[^"]*"|[^\s>]*))?/, `<html lang="${escapeHtml(parts.language)}"`)
    .replace('</head>', () => `${head}</head>`)
    // Nothing ahead of the largest picture but the metadata (charset, viewport): before the styles and scripts.
    .replace(/^([\s\S]*?<head[^>]*>(?:\s*<meta (?:charset|name=("viewport"|viewport))[^>]*>)*)/, (start) => (parts.preloadImage ? start + imagePreload(parts.preloadImage) : start))
    .replace(/<div id=("root"|root)><\/div>/, () => `<div id="root">${parts.root}</div>${ajaxScripts}`)
    .replace('</body>', () => `${state}</body>`);
}
