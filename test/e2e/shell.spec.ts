import { expect, test } from '@playwright/test';
import { axeViolations } from './support/axe';
import { screenshot } from './support/screens';

const viewTypeWidth = (page: import('@playwright/test').Page) =>
  page.evaluate(() => Math.round(document.getElementById('viewType')!.getBoundingClientRect().width));

test.describe('the shop shell', () => {
  test('home page: layout mode from the view-type element, categories and products from the API', async ({ page }, info) => {
    await page.goto('/main.php');
    await expect(page.getByRole('heading', { level: 1, name: 'Ricambi freni per ogni auto' })).toBeVisible();
    const tiles = page.locator('.category-tile');
    await expect(tiles.first()).toBeVisible();
    await expect(tiles.filter({ hasText: 'Pastiglie freno' })).toContainText(/\d+ prodotti/);
    await expect(page.locator('.product-card')).toHaveCount(8);

    const phone = info.project.name === 'phone';
    expect(await viewTypeWidth(page)).toBe(phone ? 1 : 4);
    // Footer groups: collapsed in view 1, open in views 2-4.
    const group = page.getByRole('button', { name: 'Negozio' });
    await expect(group).toHaveAttribute('aria-expanded', phone ? 'false' : 'true');
    await expect(page.locator('#footer-group-shop').getByRole('link', { name: 'Configuratore freni', includeHidden: true })).toBeVisible({ visible: !phone });

    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'home');
  });

  test('a resize re-evaluates the layout mode and re-runs its handlers', async ({ page }, info) => {
    test.skip(info.project.name === 'phone', 'resizes from desktop down');
    await page.goto('/main.php');
    const group = page.getByRole('button', { name: 'Negozio' });
    await expect(group).toHaveAttribute('aria-expanded', 'true');
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(group).toHaveAttribute('aria-expanded', 'false');
    expect(await viewTypeWidth(page)).toBe(1);
    await page.setViewportSize({ width: 800, height: 800 });
    await expect(group).toHaveAttribute('aria-expanded', 'true');
    expect(await viewTypeWidth(page)).toBe(2);
    // The shopper can still open a group on the phone (once the phone layout is in place).
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(group).toHaveAttribute('aria-expanded', 'false');
    await group.click();
    await expect(group).toHaveAttribute('aria-expanded', 'true');
  });

  test('listing page shows the category\'s products and filters', async ({ page }, info) => {
    await page.goto('/search.php?traits_alt[24]=151538');
    await expect(page.locator('.product-card').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    // Layout mode 1 moves the filters into the mobile grid, behind a disclosure.
    const filters = page.getByRole('complementary', { name: 'Filtri' });
    if (info.project.name === 'phone') {
      await expect(filters).toBeHidden();
      await page.getByRole('button', { name: 'Filtri' }).click();
    } else {
      await expect(page.getByRole('button', { name: 'Filtri' })).toHaveCount(0);
    }
    await expect(filters).toBeVisible();
    await expect(filters.getByRole('link', { name: /^Pastiglie freno/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Dischi freno' })).toBeVisible();
    await expect(page.locator('.listing__count')).toContainText(/\d+ prodotti/);
    const cards = page.locator('.product-card');
    await expect(cards).toHaveCount(24);
    await expect(cards.first()).toContainText(/Dischi freno/);
    await expect(cards.first().locator('.product-card__price')).toHaveText(/^\d{1,3}(\.\d{3})*,\d{2}\s€$/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'listing');
  });

  test('product page shows name, price, availability and the sanitised description', async ({ page }) => {
    await page.goto('/search.php?traits_alt[24]=148728');
    const first = page.locator('.product-card__link').first();
    const name = (await first.locator('h3').textContent())!;
    await first.click();
    await expect(page).toHaveURL(/\/product-\d+-[a-z0-9-]+\.html$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.locator('.price-block__price')).toContainText('€');
    await expect(page.locator('.product__description table.product-info')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'product');
  });

  test('basket, brake system, contact and no-product pages each show their heading and data', async ({ page }) => {
    await page.goto('/basketedit.php');
    await expect(page.getByRole('heading', { level: 1, name: 'Carrello' })).toBeVisible();
    await expect(page.getByText('Il carrello è vuoto.')).toBeVisible();
    await screenshot(page, 'basket-empty');

    await page.goto('/brakes.php');
    await expect(page.getByRole('heading', { level: 1, name: 'Configuratore freni' })).toBeVisible();
    await expect(page.locator('.compass__item').first()).toContainText(/prodotti/);

    await page.goto('/contact.php');
    await expect(page.getByRole('heading', { level: 1, name: 'Contatti' })).toBeVisible();

    const response = await page.goto('/product-999999-nothing.html');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Prodotto non trovato' })).toBeVisible();
    await screenshot(page, 'no-product');
  });

  test('the footer\'s language trigger leads to the same page in the other language, at its own address', async ({ page }) => {
    await page.goto('/main.php');
    await page.getByRole('navigation', { name: 'Lingua e paese' }).getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL('/en/main.php');
    await expect(page.getByRole('heading', { level: 1, name: 'Brake parts for every car' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Brake parts for every car' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Language and country' }).getByRole('link', { name: 'Italiano' }).click();
    await expect(page).toHaveURL('/main.php');
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  });

  test('no console errors and no CSP violations on the home page', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto('/main.php');
    await expect(page.locator('.product-card').first()).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('no page is wider than the screen (tables scroll inside their box)', async ({ page }) => {
    for (const path of ['/main.php', '/search.php?traits_alt[24]=148728', `/product-${14}-x.html`, '/basketedit.php', '/brakes.php', '/contact.php', '/noproduct.php']) {
      await page.goto(path.replace('-x.html', '-dischi.html'));
      await expect(page.locator('h1')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect({ path, overflow }).toEqual({ path, overflow: 0 });
    }
  });
});
