import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';

/**
 * Every page type as the server answers it is valid HTML for the W3C Nu HTML Checker (vnu.jar
 * from the vnu-jar package, on Debian's Java): home, listing, text search, an empty search,
 * the product page of every special kind (README: ids 1-15), the basket (empty and with lines),
 * the brake page, contact, an information page, the vehicle pages, the no-product page and the not-found page,
 * each drawn for a phone and for a computer (the server draws the device's snippets). One run
 * of the checker over all of them: the JVM is slow to start.
 */
const VNU_JAR = join(dirname(createRequire(__filename).resolve('vnu-jar/package.json')), 'build', 'dist', 'vnu.jar');
const PHONE = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
const COMPUTER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

const PAGES: Array<[name: string, path: string]> = [
  ['home', '/'],
  ['listing', '/search.php?traits_alt%5B24%5D=148728'],
  ['listing-page-2', '/search.php?traits_alt%5B24%5D=151538&counter=1'],
  ['text-search', '/search.php?text=TRW'],
  ['empty-search', '/search.php?text=zzzqqq'],
  ...Array.from({ length: 15 }, (_, i): [string, string] => [`product-${i + 1}`, `/product-${i + 1}-x.html`]),
  ['basket-empty', '/basketedit.php'],
  ['brakes', '/brakes.php'],
  ['contact', '/contact.php'],
  ['information', '/pages/spedizioni-e-consegne'],
  ['information-pl', '/pages/wysylka-i-dostawa'],
  ['no-product', '/product-999999-x.html'],
  ['not-found', '/no/such/page'],
  // Vehicle pages (issue 25), asked with any slug: each answers its own address (301).
  ['vehicle-brand', '/vehicles/brand-1-x.html'],
  ['vehicle-model', '/vehicles/model-1000-x.html'],
  ['vehicle-engine', '/vehicles/engine-20000-x.html'],
  ['vehicle-engine-pl', '/pl/vehicles/engine-20000-x.html'],
  // A listing with the brake filters chosen (axle, disc diameter).
  ['listing-brake-filters', '/search.php?traits_alt%5B24%5D=151538&traits_alt%5B148722%5D=148723&traits_alt%5B90010%5D=1000019'],
];

interface VnuMessage {
  type: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

test.describe('the Nu HTML Checker', () => {
  test('finds no error on any page type, for a phone and for a computer', async ({ playwright, baseURL }) => {
    // One run (the `tools` project): the pages are fetched with a phone's and a computer's user agent both.
    test.setTimeout(240_000); // Java may need installing first
    const { ensureJava } = await import('../../scripts/ensure-java.mjs');
    ensureJava();
    const dir = mkdtempSync(join(tmpdir(), 'shop-vnu-'));
    try {
      const files: string[] = [];
      for (const [device, userAgent] of [['phone', PHONE], ['computer', COMPUTER]] as const) {
        const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'user-agent': userAgent, accept: 'text/html' } });
        const save = async (name: string, path: string, status: number) => {
          const response = await request.get(path);
          expect(response.status(), `${path} (${device})`).toBe(status);
          const file = join(dir, `${device}-${name}.html`);
          writeFileSync(file, await response.text());
          files.push(file);
        };
        for (const [name, path] of PAGES) await save(name, path, ['no-product', 'not-found'].includes(name) ? 404 : 200);
        // A product page with its vehicles in its JSON-LD (issue 37) is among those checked.
        expect(readFileSync(join(dir, `${device}-product-1.html`), 'utf8')).toMatch(/"isAccessoryOrSparePartFor":\[\{"@type":"Car"/);
        // The basket with lines.
        for (const extra of [{ product: '11' }, { product: '14' }] as Array<Record<string, string>>) {
          const added = await request.post('/basketchange.php', { form: { mode: '1', size: 'uniw', number: '1', getAjax: 'true', ...extra }, headers: { origin: baseURL! } });
          expect(added.ok(), `add ${extra.product}`).toBe(true);
        }
        await save('basket-with-lines', '/basketedit.php', 200);
        await request.dispose();
      }

      const run = spawnSync('java', ['-jar', VNU_JAR, '--format', 'json', '--errors-only', ...files], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      // vnu writes its JSON report on stderr; a non-zero status only says errors were found.
      const report = JSON.parse(run.stderr || '{"messages":[]}') as { messages: VnuMessage[] };
      const errors = report.messages
        .filter((message) => message.type === 'error' || message.type === 'non-document-error')
        .map((message) => `${basename(message.url ?? '')}:${message.lastLine ?? '?'}: ${message.message} [${(message.extract ?? '').slice(0, 120)}]`);
      expect(errors).toEqual([]);
      expect(files).toHaveLength(2 * (PAGES.length + 1));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
