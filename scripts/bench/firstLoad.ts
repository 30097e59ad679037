import { chromium, type Browser } from '@playwright/test';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

export interface FirstLoadRow {
  page: string;
  /** 'phone': 375 px with a phone's user agent; 'desktop': 1280 px with a computer's. */
  device?: 'phone' | 'desktop';
  url: string;
  jsFiles: number;
  jsGzipKB: number;
  jsBrotliKB: number;
  cssGzipKB: number;
  cssBrotliKB: number;
  note?: string;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/**
 * Opens each page in Chromium and adds up the JS and CSS it loads until the network is idle:
 * what a shopper's first visit to that page type really downloads.
 */
/** A phone's user agent: the server draws a phone's page (snippets, widgets) as it would for a real one. */
const PHONE_USER_AGENT = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';

export async function measureFirstLoad(baseUrl: string, pages: Record<string, string>, chromiumPath: string, device: 'phone' | 'desktop' = 'phone', cookies: Record<string, string> = {}): Promise<FirstLoadRow[]> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const rows: FirstLoadRow[] = [];
  try {
    for (const [page, path] of Object.entries(pages)) {
      // A page that shows no script at all did not load (a server hiccup on a busy machine): one more try.
      let row = await measurePage(browser, baseUrl, page, path, device, cookies[page]);
      if (row.jsFiles === 0) row = await measurePage(browser, baseUrl, page, path, device, cookies[page]);
      rows.push(row.jsFiles === 0 ? { ...row, device, note: 'no script loaded in two tries' } : { ...row, device });
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/** `cookie`: a Cookie header the page is asked with (the checkout needs a visitor with a basket). */
async function measurePage(browser: Browser, baseUrl: string, page: string, path: string, device: 'phone' | 'desktop', cookie?: string): Promise<FirstLoadRow> {
  const context = await browser.newContext({
    ...(device === 'phone' ? { viewport: { width: 375, height: 812 }, userAgent: PHONE_USER_AGENT, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 800 } }),
    ...(cookie ? { extraHTTPHeaders: { cookie } } : {}),
  });
  try {
    const tab = await context.newPage();
    const bodies: Array<Promise<{ kind: 'js' | 'css'; body: Buffer } | null>> = [];
    tab.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      // Collected as promises and awaited after the load: none is missed by the sum.
      bodies.push(
        response.body().then(
          (body) => ({ kind: type === 'script' ? ('js' as const) : ('css' as const), body }),
          () => null, // a response without a body (redirect)
        ),
      );
    });
    await tab.goto(baseUrl + path, { waitUntil: 'networkidle' });
    const loaded = (await Promise.all(bodies)).filter((b): b is { kind: 'js' | 'css'; body: Buffer } => b !== null);
    const sum = (kind: 'js' | 'css', compress: (b: Buffer) => Buffer) => loaded.filter((b) => b.kind === kind).reduce((total, b) => total + compress(b.body).length, 0);
    const gzip = (b: Buffer) => gzipSync(b, { level: 9 });
    const brotli = (b: Buffer) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    return {
      page,
      url: path,
      jsFiles: loaded.filter((b) => b.kind === 'js').length,
      jsGzipKB: kb(sum('js', gzip)),
      jsBrotliKB: kb(sum('js', brotli)),
      cssGzipKB: kb(sum('css', gzip)),
      cssBrotliKB: kb(sum('css', brotli)),
    };
  } finally {
    await context.close();
  }
}
