/**
 * Running script text the shop sends (tracking events, the widgets' script) under the page's
 * CSP: as a script element carrying the page's own nonce, or on a public page (no nonce) from a
 * blob URL. Only ever called with text from same-origin answers.
 */
export function pageNonce(): string {
  const script = document.querySelector<HTMLScriptElement>('script[nonce]');
  return script?.nonce || script?.getAttribute('nonce') || '';
}

export function runScriptText(source: string): void {
  const script = document.createElement('script');
  const nonce = pageNonce();
  if (nonce) {
    script.nonce = nonce;
    script.textContent = source;
  } else {
    // A public (cached) page has no nonce: its policy allows `blob:` URLs, which only script
    // already running here can make. Such scripts run in the order they are added.
    const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    script.src = url;
    script.async = false;
    script.onload = script.onerror = () => URL.revokeObjectURL(url);
  }
  document.body.appendChild(script);
  if (nonce) script.remove();
}

const loadedScripts = new Map<string, Promise<void>>();

/** Extra script loader: GET {prefix}{name}.js, each name once. */
export function loadScript(prefix: string, name: string): Promise<void> {
  const src = `${prefix}${name}.js`;
  let loading = loadedScripts.get(src);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.nonce = pageNonce();
      script.onload = () => resolve();
      script.onerror = () => {
        loadedScripts.delete(src);
        reject(new Error(`Could not load ${src}`));
      };
      document.head.appendChild(script);
    });
    loadedScripts.set(src, loading);
  }
  return loading;
}
