import { chromium } from '@playwright/test';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

export interface FirstLoadRow {
  page: string;
  url: string;
  jsFiles: number;
  jsGzipKB: number;
  jsBrotliKB: number;
  cssGzipKB: number;
  cssBrotliKB: number;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/**
 * Opens each page in Chromium and adds up the JS and CSS it loads until the network is idle:
 * what a shopper's first visit to that page type really downloads.
 */
export async function measureFirstLoad(baseUrl: string, pages: Record<string, string>, chromiumPath: string): Promise<FirstLoadRow[]> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const rows: FirstLoadRow[] = [];
  try {
    for (const [page, path] of Object.entries(pages)) {
      const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
      const tab = await context.newPage();
      const bodies: { kind: 'js' | 'css'; body: Buffer }[] = [];
      tab.on('response', async (response) => {
        const type = response.request().resourceType();
        if (type !== 'script' && type !== 'stylesheet') return;
        try {
          bodies.push({ kind: type === 'script' ? 'js' : 'css', body: await response.body() });
        } catch {
          /* a response without a body (redirect) */
        }
      });
      await tab.goto(baseUrl + path, { waitUntil: 'networkidle' });
      const sum = (kind: 'js' | 'css', compress: (b: Buffer) => Buffer) =>
        bodies.filter((b) => b.kind === kind).reduce((total, b) => total + compress(b.body).length, 0);
      const gzip = (b: Buffer) => gzipSync(b, { level: 9 });
      const brotli = (b: Buffer) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      rows.push({
        page,
        url: path,
        jsFiles: bodies.filter((b) => b.kind === 'js').length,
        jsGzipKB: kb(sum('js', gzip)),
        jsBrotliKB: kb(sum('js', brotli)),
        cssGzipKB: kb(sum('css', gzip)),
        cssBrotliKB: kb(sum('css', brotli)),
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}
