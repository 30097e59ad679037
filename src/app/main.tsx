import '../styles/main.css';

/**
 * The storefront's entry: the shop's styles, and a wait for the page's first screen before its
 * script loads (issue 24: largest paint with the first answer). The server drew the whole page,
 * which reads, links and submits without a script, so the app's code (its own chunk, "app", some
 * 140 KB) does not compete with the first screen's pictures for a phone's bandwidth: it is asked
 * for once the window has loaded (every picture above the fold; those below load lazily) and that
 * screen is painted, or after MAX_WAIT_MS whatever the pictures do. A page out of sight starts at
 * once (no frame is painted for it).
 */
const MAX_WAIT_MS = 3_000;

function afterFirstScreen(): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      // After the frame that paints what has loaded: the next frame, then a new task.
      if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(resolve, 0));
      else resolve();
    };
    if (document.readyState === 'complete') go();
    else window.addEventListener('load', go, { once: true });
    setTimeout(go, MAX_WAIT_MS);
  });
}

/**
 * Asks for the page chunk's scripts the server names (`<meta name="page-scripts">`,
 * server/render/document.ts) alongside the app's chunk, not after it: webpack finds them
 * loading or loaded when the app asks for the page's code.
 */
function loadPageScripts(): void {
  const names = document.querySelector<HTMLMetaElement>('meta[name="page-scripts"]')?.content.split(' ') ?? [];
  for (const src of names.filter((name) => name.startsWith('/'))) {
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
