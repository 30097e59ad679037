/**
 * Running script text the shop sends (tracking events, the widgets' script) under the page's
 * CSP: as a script element carrying the page's own nonce. Only ever called with text from
 * same-origin answers.
 */
export function pageNonce(): string {
  const script = document.querySelector<HTMLScriptElement>('script[nonce]');
  return script?.nonce || script?.getAttribute('nonce') || '';
}

export function runScriptText(source: string): void {
  const script = document.createElement('script');
  script.nonce = pageNonce();
  script.textContent = source;
  document.body.appendChild(script);
  script.remove();
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
