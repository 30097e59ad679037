import { nextTask } from '../../sagas/nextTask';
import type { RootState } from '../../store';

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

/**
 * The storefront's start (src/app/main.tsx loads this chunk once the page's first screen is
 * complete): in steps, each its own task, so no step holds the main thread long on a slow phone
 * (issue 24: blocking time). The modules are all in this chunk (`webpackMode: "eager"`: no
 * request, no extra file); an eager `import()` only runs a module, and what it imports, when
 * asked, so each step below evaluates its own part of the code:
 *   React's DOM renderer; the store (Redux Toolkit, the slices); the tree's components and the
 *   texts; the sagas and flows (redux-saga, XState, the machines); then the store is made and
 *   the page hydrated (a transition: React itself yields every few milliseconds).
 */
export async function startShop(): Promise<void> {
  const preloaded = embeddedState();
  await nextTask();
  const { createRoot, hydrateRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  const { createShopStore } = await import(/* webpackMode: "eager" */ '../../store');
  await nextTask();
  const [{ ShopRoot }, { preloadPage }, { createShopI18n, isLanguage, switchLanguage }, { startTransition }] = await Promise.all([
    import(/* webpackMode: "eager" */ './ShopRoot'),
    import(/* webpackMode: "eager" */ './pages'),
    import(/* webpackMode: "eager" */ '../i18n/runtime'),
    import(/* webpackMode: "eager" */ 'react'),
  ]);
  await nextTask();
  const [{ rootSaga }, { startupChannel }] = await Promise.all([
    import(/* webpackMode: "eager" */ '../../sagas/root'),
    import(/* webpackMode: "eager" */ '../../sagas/startup'),
  ]);
  await nextTask();
  // The server rendered in the address's language (`/pl/...`, `/en/...`, Italian at the root): <html lang> says which.
  const language = isLanguage(document.documentElement.lang) ? document.documentElement.lang : 'it';
  const i18n = createShopI18n();
  // The sagas start in steps once hydrated; what is dispatched meanwhile waits for them all (sagas/startup.ts).
  const startup = startupChannel();
  const { store, runSaga } = createShopStore(preloaded, { sagaChannel: startup.channel });
  if (language !== 'it') await switchLanguage(i18n, language).catch(() => undefined);
  const type = store.getState().page.location?.type;
  if (type) await preloadPage(type).catch(() => undefined);
  await nextTask();
  // Sagas and flows start once React has attached to the server's HTML, so what they change
  // is drawn as an update and the first client render equals the server's.
  let started = false;
  const startSagas = () => {
    if (started) return;
    started = true;
    document.documentElement.dataset.hydrated = 'true';
    runSaga(rootSaga, startup);
  };
  const root = document.getElementById('root')!;
  const tree = <ShopRoot store={store} i18n={i18n} onCommitted={startSagas} />;
  // Hydration as a transition: React yields to the browser every few milliseconds instead of
  // holding the main thread for the whole page (the page is already drawn and readable).
  if (preloaded && root.firstChild) startTransition(() => void hydrateRoot(root, tree));
  else createRoot(root).render(tree);
}

