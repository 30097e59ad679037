import { expect, test, type Page } from '@playwright/test';
import { scriptReady } from './support/shopping';
import { axeViolations } from './support/axe';
import { screenshot } from './support/screens';

/** Forgiving words (issue 37, point 6): a product word with one typo in the header search still finds. */
const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Cerca ricambi' });

test('typing "pastilie" in the header search shows brake pads', async ({ page }, info) => {
  await page.goto('/main.php');
  await scriptReady(page);
  await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'false');
  await searchBox(page).click();
  await page.keyboard.type('pastilie');
  const listbox = page.getByRole('listbox', { name: 'Suggerimenti di ricerca' });
  const products = listbox.getByRole('group', { name: 'Prodotti' }).getByRole('option');
  await expect(products.first()).toBeVisible();
  expect(await products.count()).toBeGreaterThan(0);
  for (const option of await products.all()) await expect(option).toContainText(/Pastiglie/);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'forgiving-search-pastilie', info);
});
