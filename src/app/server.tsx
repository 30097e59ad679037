/**
 * The server's entry: renders the storefront for a store built from the page loader's state,
 * in the request's language, with React's streaming renderer. Never bundled for the browser.
 */
import './ignoreStyles';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import type { i18n } from 'i18next';
import { createShopStore, type RootState } from '../../store';
import { createI18n } from '../i18n';
import type { Language } from '../i18n/runtime';
import { preloadPage } from './pages';
import { ShopRoot } from './ShopRoot';

const catalogues = new Map<Language, i18n>();
/** One i18next instance per language, shared by every request: rendering only reads it. */
function i18nFor(language: Language): i18n {
  let instance = catalogues.get(language);
  if (!instance) {
    instance = createI18n(language);
    catalogues.set(language, instance);
  }
  return instance;
}

const RENDER_TIMEOUT_MS = 5_000;

/** The HTML of `<div id="root">`'s content for this state; the whole tree, Suspense boundaries resolved. */
export async function renderAppHtml(state: Partial<RootState>, language: Language, nonce?: string): Promise<string> {
  const type = state.page?.location?.type;
  if (type) await preloadPage(type);
  const { store } = createShopStore(state);
  return new Promise<string>((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        html += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(<ShopRoot store={store} i18n={i18nFor(language)} />, {
      // React's own small scripts (revealing boundaries that finished late) run under the page's CSP.
      nonce,
      // Crawlers and no-script visitors get the whole page: wait for every boundary.
      onAllReady() {
        stream.pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    });
    setTimeout(() => stream.abort(new Error('render timed out')), RENDER_TIMEOUT_MS).unref();
  });
}
