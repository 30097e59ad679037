import { expect, test, type APIRequestContext } from '@playwright/test';
import { axeViolations } from './support/axe';
import { screenshot } from './support/screens';

type Row = [number, string];
type CountRow = [number, string, number];

async function rows<T>(request: APIRequestContext, getOne: string, fields: Record<string, number> = {}): Promise<T[]> {
  const answer = await request.post(`/ajax/search.php?ajax=true&getOne=${getOne}`, { form: { onlyVisibleElements: 'true', ...fields } });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { values: T[] }).values;
}

/** A vehicle with pads whose category counts differ from the shop-wide ones: its boxes and its counts. */
async function vehicleWithCounts(request: APIRequestContext): Promise<{ boxes: string[]; engineId: number; counts: CountRow[] }> {
  const shopWide = await rows<CountRow>(request, 'traits_alt[24]');
  for (const brand of (await rows<Row>(request, 'menu_alt[2_1]')).slice(0, 8)) {
    for (const model of (await rows<Row>(request, 'menu_alt[2_2]', { 'menu_alt[2_1]': brand[0] })).slice(0, 3)) {
      for (const year of await rows<Row>(request, 'menu_alt[2_3]', { 'menu_alt[2_1]': brand[0], 'menu_alt[2_2]': model[0] })) {
        for (const engine of await rows<Row>(request, 'traits_alt[49]', { 'menu_alt[2_1]': brand[0], 'menu_alt[2_2]': model[0], 'menu_alt[2_3]': year[0] })) {
          const counts = await rows<CountRow>(request, 'traits_alt[24]', { 'traits_alt[49]': engine[0] });
          const pads = counts.find(([id]) => id === 148728)?.[2] ?? 0;
          if (pads > 0 && pads !== shopWide.find(([id]) => id === 148728)?.[2]) {
            return { boxes: [brand, model, year, engine].map(([id, name]) => `${id}#${name}`), engineId: engine[0], counts };
          }
        }
      }
    }
  }
  throw new Error('no engine with pads in the demo catalogue');
}

/** Point 10 of issue 23: the brake page's compass follows the saved vehicle, as the home tiles do (brake-shop spec section 4). */
test.describe('brake page compass and the saved vehicle', () => {
  test('with a saved vehicle the compass counts are the engine\u2019s, its links keep the engine, empty categories are disabled', async ({ page, request }) => {
    const vehicle = await vehicleWithCounts(request);
    await page.addInitScript((boxes) => boxes.forEach((value, i) => window.localStorage.setItem(`box${i + 1}`, value)), vehicle.boxes);
    await page.goto('/brakes.php');
    const compass = page.getByRole('navigation', { name: 'Bussola delle categorie freni' });
    const pads = compass.locator('.compass__item').filter({ hasText: 'Pastiglie freno' });
    const padCount = vehicle.counts.find(([id]) => id === 148728)![2];
    await expect(pads.locator('.compass__count')).toHaveText(padCount === 1 ? '1 prodotto' : `${padCount} prodotti`);
    // Brackets encoded in the address (the HTML checker's rule, issue 24).
    await expect(pads.getByRole('link')).toHaveAttribute('href', `/search.php?traits_alt%5B24%5D=148728&traits_alt%5B49%5D=${vehicle.engineId}`);
    // The centre holds the engine's total over the brake categories shown.
    const brakeIds = [148728, 151538, 154315, 156891, 158346];
    const total = vehicle.counts.filter(([id]) => brakeIds.includes(id)).reduce((sum, [, , n]) => sum + n, 0);
    await expect(compass.locator('.compass__centre strong')).toHaveText(String(total));
    // A brake category without parts for this engine stays on the dial, disabled (as a home tile).
    for (const [, name] of vehicle.counts.filter(([id, , n]) => brakeIds.includes(id) && n === 0)) {
      await expect(compass.locator('.compass__item').filter({ hasText: name }).locator('[data-disabled="true"]')).toBeVisible();
    }
    await screenshot(page, 'brakes-compass-vehicle');
    expect(await axeViolations(page)).toEqual([]);
    await pads.getByRole('link').click();
    await page.waitForURL(/traits_alt(\[|%5B)49(\]|%5D)=/);
    await expect(page.locator('.product-card').first()).toBeVisible();
  });
});
