import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * The page's script runs (the app has hydrated) and the page has settled (`data-settled`,
 * sagas/root.ts). A step that needs it waits for it, as a shopper's browser does: the app's
 * script loads after the page's first screen (src/app/main.tsx), and a press before it takes the
 * page's no-script path (a link navigates, a form posts). Settled: these tests' phone has a
 * computer's user agent, so its page asks for the phone's snippets after it starts, and the top
 * bar they bring moves everything below it; a press aimed before that could land beside its target.
 */
export async function scriptReady(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.locator('html')).toHaveAttribute('data-settled', 'true');
}

/** Shopping steps shared by the cacheable-pages and back/forward tests (issue 22). */
export const basketLink = (page: Page) => page.locator('.site-header').getByRole('link', { name: /Carrello/ });

/** Two products a shopper can add with one press on their page. */
export async function twoProducts(request: APIRequestContext): Promise<number[]> {
  const answer = (await (await request.get('/search.php?json=true&traits_alt[24]=148728&limit=60')).json()) as { products: Array<{ id: number; listSize: string | null }> };
  return answer.products.filter((p) => p.listSize && p.id > 20).slice(0, 2).map((p) => p.id);
}

export async function addOnProductPage(page: Page, count: string) {
  await expect(page.locator('.buy-box')).not.toHaveAttribute('data-state', /loading|starting/);
  await page.locator('.button--buy').click();
  await expect(page.locator('.alert-region .alert__text')).toHaveText('Prodotto aggiunto al carrello');
  await expect(basketLink(page)).toContainText(count);
}


export type Row = [number, string];

async function options(request: APIRequestContext, getOne: string, fields: Record<string, number> = {}): Promise<Row[]> {
  const answer = await request.post(`/ajax/search.php?ajax=true&getOne=${getOne}`, { form: { onlyVisibleElements: 'true', ...fields } });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { values: Row[] }).values;
}

/** A vehicle of the demo catalogue whose engine has parts: brand, model, year, engine rows. */
export async function vehicleWithParts(request: APIRequestContext): Promise<Row[]> {
  for (const brand of await options(request, 'menu_alt[2_1]')) {
    for (const model of (await options(request, 'menu_alt[2_2]', { 'menu_alt[2_1]': brand[0] })).slice(0, 3)) {
      for (const year of await options(request, 'menu_alt[2_3]', { 'menu_alt[2_1]': brand[0], 'menu_alt[2_2]': model[0] })) {
        for (const engine of await options(request, 'traits_alt[49]', { 'menu_alt[2_1]': brand[0], 'menu_alt[2_2]': model[0], 'menu_alt[2_3]': year[0] })) {
          const listing = await request.get(`/search.php?json=true&traits_alt[49]=${engine[0]}&limit=1`);
          if (((await listing.json()) as { total: number }).total > 2) return [brand, model, year, engine];
        }
      }
    }
  }
  throw new Error('no engine with parts in the demo catalogue');
}
