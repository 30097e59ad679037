import { axeViolations } from './support/axe';
import { expect, test } from '@playwright/test';
import { scriptReady } from './support/shopping';

/** The listing's addresses and marks beyond the filters (partialLoad.spec.ts has those). */
test.describe('listing', () => {
  test('the category menu levels name a category: menu_alt[1_2] lists the same products as traits_alt[24]', async ({ page, request }) => {
    const byTrait = (await (await request.get('/search.php?json=true&traits_alt[24]=151538&limit=5')).json()) as { total: number };
    await page.goto('/search.php?menu_alt[1_2]=151538');
    await expect(page.locator('.product-card').first()).toBeVisible();
    await expect(page.getByRole('region', { name: new RegExp(`^${byTrait.total} `) })).toBeVisible();
    await expect(page.locator('.product-card__name').first()).toContainText('Dischi');
  });

  test('a submitted search opens at its results (from_search=true)', async ({ page }) => {
    await page.goto('/main.php');
    // The live search's Enter (and its scroll to the results) is the script's: typed once it runs.
    await scriptReady(page);
    const box = page.getByRole('combobox', { name: 'Cerca ricambi' });
    await box.fill('brembo');
    await box.press('Enter');
    await page.waitForURL(/from_search=true/);
    await expect(page.locator('.product-card').first()).toBeVisible();
    const results = page.locator('.listing__results');
    await expect.poll(async () => (await results.boundingBox())!.y).toBeLessThan(40);
  });

  test('a saved vehicle marks the parts that fit it on a listing reached without it', async ({ page, request }) => {
    // A vehicle of the demo catalogue with pads, saved the way the configurator saves it (box1..box4).
    const rows = async (getOne: string, fields: Record<string, number> = {}) =>
      ((await (await request.post(`/ajax/search.php?ajax=true&getOne=${getOne}`, { form: { onlyVisibleElements: 'true', ...fields } })).json()) as { values: [number, string][] }).values;
    let found: { boxes: string[]; product: { id: number; versionName: string } } | null = null;
    search: for (const brand of (await rows('menu_alt[2_1]')).slice(0, 6)) {
      for (const model of (await rows('menu_alt[2_2]', { 'menu_alt[2_1]': brand[0] })).slice(0, 2)) {
        for (const year of await rows('menu_alt[2_3]', { 'menu_alt[2_1]': brand[0], 'menu_alt[2_2]': model[0] })) {
          for (const engine of await rows('traits_alt[49]', { 'menu_alt[2_1]': brand[0], 'menu_alt[2_2]': model[0], 'menu_alt[2_3]': year[0] })) {
            const pads = (await (await request.get(`/search.php?json=true&traits_alt[24]=148728&traits_alt[49]=${engine[0]}&limit=1`)).json()) as { products: { id: number; versionName: string }[] };
            if (pads.products.length) {
              found = { boxes: [brand, model, year, engine].map(([id, name]) => `${id}#${name}`), product: pads.products[0] };
              break search;
            }
          }
        }
      }
    }
    expect(found).not.toBeNull();
    await page.addInitScript((boxes) => boxes.forEach((value, i) => window.localStorage.setItem(`box${i + 1}`, value)), found!.boxes);
    const code = found!.product.versionName.split('#')[0];
    await page.goto(`/search.php?text=${encodeURIComponent(code)}`);
    const card = page.locator(`.product-card[data-product-id="${found!.product.id}"]`);
    await expect(card).toBeVisible();
    // The card says it fits the saved vehicle (issue 25: by name, with a note to check when the fit has one).
    await expect(card.locator('.fit-note')).toHaveAttribute('data-fit', /^(fits|check)$/);
    await expect(card.locator('.fit-note__status')).toContainText(`Adatto a ${found!.boxes.map((box) => box.split('#')[1]).filter((name, index, names) => !names[index + 1]?.startsWith(`${name} `)).join(' ')}`);
  });

  test('the brake page\u2019s category compass: categories around a dial with their counts, and the promo categories', async ({ page }, info) => {
    await page.goto('/brakes.php');
    // The dial is laid out once the page's script has run and the page settled (the finder's forms above it grow as it starts).
    await scriptReady(page);
    const compass = page.getByRole('navigation', { name: 'Bussola delle categorie freni' });
    const items = compass.locator('.compass__item');
    await expect(items.first()).toContainText(/\d+ prodotti/);
    const count = await items.count();
    expect(count).toBeGreaterThanOrEqual(3);
    if (info.project.name === 'desktop') {
      // Around a circle: the items' centres are all at the same distance from the dial's centre.
      const dial = (await compass.locator('.compass__dial').boundingBox())!;
      const centre = { x: dial.x + dial.width / 2, y: dial.y + dial.height / 2 };
      const distances = [];
      for (let i = 0; i < count; i++) {
        const box = (await items.nth(i).boundingBox())!;
        distances.push(Math.hypot(box.x + box.width / 2 - centre.x, box.y + box.height / 2 - centre.y));
      }
      expect(Math.max(...distances) - Math.min(...distances)).toBeLessThan(2);
    }
    await compass.getByRole('link', { name: 'Dischi freno' }).last().click();
    await page.waitForURL(/promo=1/);
    await expect(page.locator('.product-card').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
