import '../styles/main.css';

/**
 * The storefront's entry: the shop's styles, and a wait for the page's first screen before its
 * script loads (issue 24: largest paint with the first answer). The server drew the whole page,
 * which reads, links and submits without a script, so the app's code (its own chunk, "app", some
 * 140 KB) does not compete with the page's largest picture for a phone's bandwidth: it is asked
 * for once that picture (the `<img fetchpriority="high">` the server preloads, if the page has
 * one) has loaded and the first screen is painted, or after MAX_WAIT_MS whatever the picture does.
 * Other pictures do not hold it.
 */
const MAX_WAIT_MS = 3_000;
/** How long a page that paints no frame (out of sight) waits for one. */
const FRAME_WAIT_MS = 100;

function loaded(image: HTMLImageElement): Promise<void> {
  if (image.complete) return Promise.resolve();
  return new Promise((resolve) => {
    image.addEventListener('load', () => resolve(), { once: true });
    image.addEventListener('error', () => resolve(), { once: true });
  });
}

/** After the next frame is painted: the frame, then a new task. */
function painted(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, FRAME_WAIT_MS);
  });
}

function afterFirstScreen(): Promise<void> {
  const largest = Array.from(document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]'));
  const firstScreen = Promise.all(largest.map(loaded)).then(painted);
  return Promise.race([firstScreen, new Promise<void>((resolve) => setTimeout(resolve, MAX_WAIT_MS))]);
}

/**
 * Asks for the page chunk's scripts the server names (`<meta name="page-scripts">`,
 * server/render/document.ts) alongside the app's chunk, not after it: webpack finds them
 * loading or loaded when the app asks for the page's code.
 */
function loadPageScripts(): void {
  const names = document.querySelector<HTMLMetaElement>('meta[name="page-scripts"]')?.content.split(' ') ?? [];
  // Paths on this origin only (`/assets/...`, never `//host/...`).
  for (const src of names.filter((name) => /^\/(?!\/)/.test(name))) {
    const script = document.createElement('script');
    script.src = src;
    document.head.append(script);
  }
}

void afterFirstScreen()
  .then(() => {
    loadPageScripts();
    return import(/* webpackChunkName: "app" */ './start');
  })
  .then(({ startShop }) => startShop());

// `npm run dev` only (a constant elsewhere, so other builds drop it): reload on the dev server's word.
if (process.env.SHOP_DEV_RELOAD === '1') void import(/* webpackChunkName: "devReload" */ './devReload').then(({ reloadOnRestart }) => reloadOnRestart());
