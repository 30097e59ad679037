import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { scriptReady } from './support/shopping';
import { screenshot } from './support/screens';
import { startShopServer, type ShopServer } from './support/shopServer';
import type { RecordedSession } from '../../store/sessionRecorder';

/**
 * QA's loop on today's code (issue 33, point 1): a session recorded in Chromium with the
 * recorder (`?record`, a development build: production builds have no recorder) across three
 * pages (home, a product, the brake finder) and saved with its own button replays green with
 * `npm run replay`, so a change to how the sagas start breaks this test, not QA's day. And
 * "Save session" stays pressable above the shop's own dialogs (the mini basket).
 *
 * One width proves it (the recorder is a developer's tool): the `recording` project, desktop.
 */
const ROOT = join(__dirname, '..', '..');
/** The development build with the recorder (scripts/build-if-stale.mjs --development). */
const RECORD_BUILD_DIR = join(ROOT, '.tmp', 'record-build');
const recordPort = Number(process.env.E2E_RECORD_PORT || Number(process.env.E2E_PORT || 8181) + 1100);
let shop: ShopServer;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  // Built once per change of the sources (scripts/test.mjs builds it before the browser tests).
  expect(spawnSync(process.execPath, ['scripts/build-if-stale.mjs', '--development'], { cwd: ROOT, stdio: 'inherit' }).status).toBe(0);
  shop = await startShopServer(recordPort, { STATIC_DIR: RECORD_BUILD_DIR });
});

test.afterAll(async () => {
  await shop?.stop();
});

test.use({ acceptDownloads: true });

async function save(page: Page, path: string): Promise<RecordedSession> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save session', exact: true }).click();
  await (await download).saveAs(path);
  return JSON.parse(readFileSync(path, 'utf8')) as RecordedSession;
}

/** `npm run replay -- FILE`: its exit code and what it printed. */
function replay(file: string, ...options: string[]): Promise<{ status: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '0' };
  delete env.NODE_OPTIONS;
  return new Promise((resolve) => {
    const run = spawn(process.execPath, ['scripts/replay.mjs', file, ...options], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    run.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    run.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    run.on('exit', (status) => resolve({ status, output }));
  });
}

test('a session recorded today on home, a product and the brake finder replays as recorded', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  page.context().setDefaultTimeout(30_000); // a development build loads slower than a production one
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${shop.url}/main.php?record`);
  await scriptReady(page);
  const search = page.getByRole('combobox', { name: 'Cerca ricambi' });
  await search.click();
  await search.pressSequentially('brembo', { delay: 80 });
  await expect(page.getByRole('listbox', { name: 'Suggerimenti di ricerca' })).toBeVisible();
  await search.press('Escape');
  // A product from its card: a full page load; the recording carries on.
  await page.locator('.product-card .product-card__link').first().click();
  await page.waitForURL(/\/product-\d+/);
  await scriptReady(page);
  await expect(page.locator('.buy-box')).not.toHaveAttribute('data-state', /loading|starting/);
  await page.locator('.button--buy').click();
  await expect(page.locator('.alert-region .alert__text')).toHaveText('Prodotto aggiunto al carrello');
  // The brake finder: a vehicle picked down to its engine, the axes offered.
  const vehicles = (await (await page.request.get(`${shop.url}/data/include/cms/brake_vehicles.json`)).json()) as Array<{ value: Record<'brand' | 'model' | 'generation' | 'engine', string> }>;
  const vehicle = vehicles[0].value;
  await page.goto(`${shop.url}/brakes.php`);
  await scriptReady(page);
  const finder = page.locator('.brake-finder');
  await finder.getByLabel('Marca').selectOption(vehicle.brand);
  await expect(finder.getByLabel('Modello')).toBeEnabled();
  await finder.getByLabel('Modello').selectOption(vehicle.model);
  await finder.getByLabel('Anno / generazione').selectOption(vehicle.generation);
  await finder.getByLabel('Motore').selectOption(vehicle.engine);
  await expect(page.locator('#brake-finder-products .finder-axes .finder-choice').first()).toBeVisible();

  const file = testInfo.outputPath('session.json');
  const session = await save(page, file);
  expect(errors).toEqual([]);
  expect(session.pages.map((one) => one.url)).toEqual(['/main.php?record', expect.stringMatching(/^\/product-\d+-/), '/brakes.php']);
  // Each page started its sagas in steps, and the recording says so: the replay starts them the same way.
  expect(session.pages.map((one) => one.startup)).toEqual(['steps', 'steps', 'steps']);
  expect(session.pages.every((one) => one.calls.some((entry) => entry.fn === 'nextTask'))).toBe(true);

  const replayed = await replay(file);
  expect(replayed.output).toMatch(/Tests: +1 passed, 1 total/);
  expect(replayed.status).toBe(0);
});

test('"Save session" stays pressable while the mini basket covers the home page', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  page.context().setDefaultTimeout(30_000);
  await page.goto(`${shop.url}/main.php?record`);
  await scriptReady(page);
  await page.locator('.product-card .list-add').first().click();
  const miniBasket = page.getByRole('dialog', { name: 'Il tuo carrello' });
  await expect(miniBasket).toBeVisible();
  const button = page.getByRole('button', { name: 'Save session', exact: true });
  await expect(button).toBeVisible();
  await expect(button).toBeInViewport();
  // Nothing of the shop's is over it: the topmost element at its centre is the button itself.
  const box = (await button.boundingBox())!;
  expect(await page.evaluate(([x, y]) => (document.elementFromPoint(x, y) as HTMLElement | null)?.dataset.sessionRecorder, [box.x + box.width / 2, box.y + box.height / 2])).toBe('save');
  await screenshot(page, 'recorder-save-over-mini-basket');
  const session = await save(page, testInfo.outputPath('session.json'));
  expect(session.pages[0].actions.some((entry) => entry.action.type === 'basket/basketLoaded')).toBe(true);
  // Closed, the mini basket takes nothing with it: the page is the shopper's again.
  await page.keyboard.press('Escape');
  await expect(miniBasket).toBeHidden();
  await expect(button).toHaveCount(0);
});
