/**
 * Interaction timings in Chromium at phone width (375 px), each run in a fresh browser
 * context (a first visit: empty HTTP cache, empty session cache, empty basket):
 *
 * - live search: from the last keystroke of "brem" (the `input` event's timestamp) to the
 *   first animation frame where a result option is visible, minus the 500 ms debounce;
 * - add to basket: from the click on the product page's buy button to the first frame where
 *   the header basket link reads "Carrello (1 prodotto)";
 * - brake finder: from the click on a category to the first frame with a product row visible.
 *
 * Both ends are taken inside the page (event timestamps and requestAnimationFrame), so
 * Playwright's own polling adds nothing to the figures.
 */
import { chromium, type Browser, type Page } from '@playwright/test';

export const LIVE_SEARCH_DEBOUNCE_MS = 500;
export const LIVE_SEARCH_BUDGET_MS = 100;
const STEP_TIMEOUT_MS = 15_000;

export interface InteractionRow {
  name: string;
  /** Median of the runs, or null when the interaction could not be measured. */
  medianMs: number | null;
  samplesMs: number[];
  budgetMs?: number;
  budgetMet?: boolean | null;
  /** Medians of the parts of the figure, where the page's resource timings tell them apart. */
  breakdownMs?: Record<string, number>;
  note?: string;
}

/** Where the live-search time goes: the request's start, its answer, the render. */
const liveSearchParts: Array<Record<string, number>> = [];

/**
 * Runs in the page before its own scripts: event timestamps and a frame-accurate watcher.
 * Plain JavaScript text: a serialised TypeScript function would carry tsx's helpers along.
 */
const PROBE = `(() => {
  const probe = {
    lastInput: 0,
    lastClick: 0,
    seen: undefined,
    watch(selector, text) {
      probe.seen = new Promise((resolve) => {
        const deadline = performance.now() + ${STEP_TIMEOUT_MS};
        const tick = () => {
          const shown = Array.from(document.querySelectorAll(selector)).some(
            (el) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && (!text || (el.textContent || '').includes(text)),
          );
          if (shown) resolve(performance.now());
          else if (performance.now() > deadline) resolve(null);
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
    },
  };
  window.__bench = probe;
  document.addEventListener('input', (event) => { probe.lastInput = event.timeStamp; }, true);
  document.addEventListener('click', (event) => { probe.lastClick = event.timeStamp; }, true);
})();`;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const round1 = (n: number) => Math.round(n * 10) / 10;

const watch = (page: Page, selector: string, text?: string) => page.evaluate(`window.__bench.watch(${JSON.stringify(selector)}, ${JSON.stringify(text ?? '')})`);
const seen = (page: Page) => page.evaluate('window.__bench.seen') as Promise<number | null>;
const probeTimes = (page: Page) => page.evaluate('({ input: window.__bench.lastInput, click: window.__bench.lastClick })') as Promise<{ input: number; click: number }>;

async function newPhonePage(browser: Browser, baseUrl: string) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 375, height: 812 }, locale: 'it-IT', deviceScaleFactor: 2 });
  await context.addInitScript({ content: PROBE });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  return { context, page };
}

/** Keystroke to visible live-search options, minus the debounce. */
async function liveSearchRun(browser: Browser, baseUrl: string): Promise<number> {
  const { context, page } = await newPhonePage(browser, baseUrl);
  try {
    await page.goto('/main.php', { waitUntil: 'networkidle' });
    const box = page.getByRole('combobox', { name: 'Cerca ricambi' });
    // The flow is running once the mirrored state drives the input.
    await box.and(page.locator('[aria-expanded="false"]')).waitFor();
    await box.click();
    await page.waitForLoadState('networkidle');
    await page.keyboard.type('brem');
    await watch(page, '[role="listbox"] [role="option"]');
    const shownAt = await seen(page);
    if (shownAt === null) throw new Error('live-search results never appeared');
    const { input } = await probeTimes(page);
    const request = (await page.evaluate(
      "performance.getEntriesByType('resource').filter((e) => e.name.includes('/graphql/')).map((e) => ({ start: e.startTime, end: e.responseEnd })).pop() ?? null",
    )) as { start: number; end: number } | null;
    if (request) {
      liveSearchParts.push({
        'last keystroke to request start (debounce)': request.start - input,
        'request start to answer received': request.end - request.start,
        'answer received to results visible': shownAt - request.end,
      });
    }
    return shownAt - input - LIVE_SEARCH_DEBOUNCE_MS;
  } finally {
    await context.close();
  }
}

/** Buy-button click to the header badge reading one product. */
async function addToBasketRun(browser: Browser, baseUrl: string): Promise<number> {
  const { context, page } = await newPhonePage(browser, baseUrl);
  try {
    await page.goto('/product-11-x.html', { waitUntil: 'networkidle' });
    const buy = page.locator('.button--buy');
    await buy.and(page.locator(':not([aria-disabled="true"])')).waitFor();
    await page.locator('.basket-link').filter({ hasText: 'Carrello (0 prodotti)' }).waitFor();
    await watch(page, '.basket-link', 'Carrello (1 prodotto)');
    await buy.click();
    const shownAt = await seen(page);
    if (shownAt === null) throw new Error('the basket link never read "Carrello (1 prodotto)"');
    const { click } = await probeTimes(page);
    return shownAt - click;
  } finally {
    await context.close();
  }
}

interface FinderPick {
  vehicle: { id: number; value: { brand: string; model: string; generation: string; engine: string } };
  category: [number, string, number];
}

/** A demo vehicle whose first axis has a category with products (as the finder test picks one), asked with the finder's own parameters (axes: traits_alt[148722] with the engine; categories: traits_alt[24] with engine and axis). */
async function finderPick(baseUrl: string): Promise<FinderPick> {
  const vehicles = (await (await fetch(`${baseUrl}/data/include/cms/brake_vehicles.json`)).json()) as FinderPick['vehicle'][];
  for (const vehicle of vehicles.slice(0, 400)) {
    const axes = ((await (await fetch(`${baseUrl}/search.php?json=true&traits_alt[148722]=&traits_alt[49]=${vehicle.id}`)).json()) as { values: Array<[number, string, number]> }).values.filter(
      (row) => row[2] > 0,
    );
    if (axes.length === 0) continue;
    const categories = ((await (await fetch(`${baseUrl}/search.php?json=true&traits_alt[24]=&traits_alt[49]=${vehicle.id}&traits_alt[148722]=${axes[0][0]}`)).json()) as {
      values: Array<[number, string, number]>;
    }).values;
    const category = categories.find((row) => row[2] >= 2);
    if (category) return { vehicle, category };
  }
  throw new Error('no demo vehicle with finder products');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Category click to the finder's product list. */
async function finderRun(browser: Browser, baseUrl: string, pick: FinderPick): Promise<number> {
  const { context, page } = await newPhonePage(browser, baseUrl);
  try {
    await page.goto('/brakes.php', { waitUntil: 'networkidle' });
    const form = page.locator('.brake-finder');
    await form.getByLabel('Marca').selectOption(pick.vehicle.value.brand);
    await form.getByLabel('Modello').selectOption(pick.vehicle.value.model);
    await form.getByLabel('Anno / generazione').selectOption(pick.vehicle.value.generation);
    await form.getByLabel('Motore').selectOption(pick.vehicle.value.engine);
    const products = page.locator('#brake-finder-products');
    await products.locator('.finder-axes .finder-choice').first().click();
    const category = products.getByRole('button', { name: new RegExp(`^${escapeRegExp(pick.category[1])}`) });
    await category.waitFor();
    await page.waitForLoadState('networkidle');
    await watch(page, '#brake-finder-products .finder-product');
    await category.click();
    const shownAt = await seen(page);
    if (shownAt === null) throw new Error('the finder product list never appeared');
    const { click } = await probeTimes(page);
    return shownAt - click;
  } finally {
    await context.close();
  }
}

async function repeat(name: string, runs: number, run: () => Promise<number>, extra: Partial<InteractionRow> = {}, optional = false): Promise<InteractionRow> {
  const samples: number[] = [];
  try {
    for (let i = 0; i < runs; i++) samples.push(round1(await run()));
  } catch (error) {
    if (!optional) throw error;
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { name, medianMs: null, samplesMs: samples, ...extra, ...(extra.budgetMs !== undefined ? { budgetMet: null } : {}), note: `not measurable yet: ${message}` };
  }
  const medianMs = round1(median(samples));
  return { name, medianMs, samplesMs: samples, ...extra, ...(extra.budgetMs !== undefined ? { budgetMet: medianMs <= extra.budgetMs } : {}) };
}

export async function measureInteractions(baseUrl: string, chromiumPath: string, runs = 5): Promise<InteractionRow[]> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
  });
  try {
    const rows: InteractionRow[] = [];
    liveSearchParts.length = 0;
    const liveSearch = await repeat('live search: last keystroke of "brem" to visible results, minus the 500 ms debounce', runs, () => liveSearchRun(browser, baseUrl), {
      budgetMs: LIVE_SEARCH_BUDGET_MS,
    });
    if (liveSearchParts.length) {
      liveSearch.breakdownMs = Object.fromEntries(Object.keys(liveSearchParts[0]).map((part) => [part, round1(median(liveSearchParts.map((p) => p[part])))]));
    }
    rows.push(liveSearch);
    rows.push(await repeat('add to basket: buy click (/product-11-x.html) to badge "Carrello (1 prodotto)"', runs, () => addToBasketRun(browser, baseUrl)));
    let pick: FinderPick | undefined;
    let pickError = '';
    try {
      pick = await finderPick(baseUrl);
    } catch (error) {
      pickError = error instanceof Error ? error.message : String(error);
    }
    const finderName = 'brake finder: category click (/brakes.php) to visible product list';
    rows.push(
      pick
        ? await repeat(finderName, runs, () => finderRun(browser, baseUrl, pick), {}, true)
        : { name: finderName, medianMs: null, samplesMs: [], note: `not measurable yet: ${pickError}` },
    );
    return rows;
  } finally {
    await browser.close();
  }
}
