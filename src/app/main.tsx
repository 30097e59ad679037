import '../styles/main.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createShopStore, type RootState } from '../../store';
import { rootSaga } from '../../sagas/root';
import { createShopI18n, isLanguage, switchLanguage } from '../i18n/runtime';
import { preloadPage } from './pages';
import { ShopRoot } from './ShopRoot';

/** The state the server drew the page from: JSON data in the page, read once. */
function embeddedState(): Partial<RootState> | undefined {
  const element = document.getElementById('shop-state');
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as Partial<RootState>;
  } catch {
    return undefined;
  } finally {
    // Read once: the data leaves the document (the store holds it from now on).
    element.remove();
  }
}

async function start() {
  const preloaded = embeddedState();
  // The server rendered in the address's language (`/pl/...`, `/en/...`, Italian at the root): <html lang> says which.
  const language = isLanguage(document.documentElement.lang) ? document.documentElement.lang : 'it';
  const i18n = createShopI18n();
  const { store, runSaga } = createShopStore(preloaded);
  if (language !== 'it') await switchLanguage(i18n, language).catch(() => undefined);
  const type = store.getState().page.location?.type;
  if (type) await preloadPage(type).catch(() => undefined);
  // Sagas and flows start once React has attached to the server's HTML, so what they change
  // is drawn as an update and the first client render equals the server's.
  let started = false;
  const startSagas = () => {
    if (started) return;
    started = true;
    document.documentElement.dataset.hydrated = 'true';
    runSaga(rootSaga);
  };
  const root = document.getElementById('root')!;
  const tree = <ShopRoot store={store} i18n={i18n} onCommitted={startSagas} />;
  // Hydration as a transition: React yields to the browser every few milliseconds instead of
  // holding the main thread for the whole page (the page is already drawn and readable).
  if (preloaded && root.firstChild) startTransition(() => void hydrateRoot(root, tree));
  else createRoot(root).render(tree);
}

void start();
