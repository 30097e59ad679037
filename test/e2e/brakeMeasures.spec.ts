import { expect, test } from '@playwright/test';
import { axeViolations } from './support/axe';
import { screenshot } from './support/screens';
import { scriptReady } from './support/shopping';

/** Brakes by their measures (issue 37, point 3): a listing's measure filters and a product page's measures, at 375 and 1280 px. */
test.describe('brake measures', () => {
  test('a disc listing filters by centring diameter and number of holes, each with its count', async ({ page }) => {
    await page.goto('/search.php?traits_alt%5B24%5D=151538');
    await scriptReady(page);
    const filters = page.locator('#listing-filters');
    // On a phone the filters wait behind a disclosure.
    const toggle = page.getByRole('button', { name: 'Filtri' });
    const openFilters = async () => {
      if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    };
    await openFilters();
    for (const heading of ['Diametro del disco', 'Spessore del disco', 'Spessore minimo', 'Diametro di centraggio', 'Numero di fori']) {
      await expect(filters.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
    const centring = filters.locator('[data-facet="traits_alt[90013]"]');
    const link = centring.getByRole('link').first();
    const text = (await link.textContent()) ?? '';
    const [, label, count] = /^(.+ mm) \((\d+)\)$/.exec(text.trim())!;
    await link.click();
    await page.waitForURL(/traits_alt%5B90013%5D=/);
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${count} `) })).toBeVisible();
    await openFilters();
    await expect(centring.locator('[aria-current="true"]')).toContainText(label);
    // The holes now count among the discs of that centring only: their counts add up to the listing.
    const holes = filters.locator('[data-facet="traits_alt[90012]"]');
    const counts = (await holes.getByRole('link').allTextContents()).map((t) => Number(/\((\d+)\)$/.exec(t.trim())![1]));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(Number(count));
    await holes.getByRole('link').first().click();
    await page.waitForURL(/traits_alt%5B90012%5D=/);
    await openFilters();
    await expect(holes.locator('[aria-current="true"]')).toBeVisible();
    await expect(page.locator('.product-card').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'issue37-measure-filters');
  });

  test("a disc's page says its measures among the facts, in Italian and English", async ({ page, request }) => {
    const discs = (await (await request.get('/search.php?json=true&traits_alt[24]=151538&limit=1')).json()) as { products: Array<{ id: number; link: string }> };
    const { link } = discs.products[0];
    await page.goto(link);
    const facts = page.locator('.product__facts');
    await expect(facts.getByText('Diametro del disco', { exact: true })).toBeVisible();
    await expect(facts.locator('[data-measure="discDiameter"]')).toHaveText(/^\d+ mm$/);
    await expect(facts.locator('[data-measure="discHoles"]')).toHaveText(/^\d+$/);
    await expect(facts.locator('[data-measure="discType"]')).toHaveText(/^(ventilato|pieno|forato)$/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'issue37-product-measures');
    await page.goto(`/en${link}`);
    await expect(page.locator('.product__facts').getByText('Centring diameter', { exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("a product's page lists its group of equivalent codes; each code finds the group's products", async ({ page, request }) => {
    // The first demo product whose codes are in a group (the groups are seeded: found among the first regular products).
    let found: { id: number; link: string; codeGroup: Array<{ code: string; relation: string }> } | null = null;
    for (let id = 100; id < 400 && !found; id++) {
      const answer = (await (await request.get(`/ajax/projector.php?action=get&product=${id}&get=product`)).json()) as { product?: { product_id: number; link: string; codeGroup?: Array<{ code: string; relation: string }> } };
      if (answer.product?.codeGroup?.length) found = { id, link: answer.product.link, codeGroup: answer.product.codeGroup };
    }
    expect(found).not.toBeNull();
    await page.goto(found!.link);
    const codes = page.getByRole('region', { name: 'Codici equivalenti' });
    await expect(codes.getByRole('listitem')).toHaveCount(found!.codeGroup.length);
    const words = { equivalent: 'equivalente a', replaces: 'sostituisce', replacedBy: 'sostituito da' } as Record<string, string>;
    for (const { code, relation } of found!.codeGroup) await expect(codes.getByRole('listitem').filter({ hasText: code })).toContainText(`${words[relation]} ${code}`);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'issue37-product-code-group');
    // A code of the group, followed: the listing holds this product too.
    const { code } = found!.codeGroup[0];
    await codes.getByRole('link', { name: `Cerca ${code}` }).click();
    await page.waitForURL(/search\.php\?text=/);
    await expect(page.locator(`.product-card[data-product-id="${found!.id}"]`)).toBeVisible();
  });
});
