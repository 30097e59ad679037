import { expect, test, type Page } from '@playwright/test';
import { SPECIAL_PRODUCTS } from '../../server/db/catalogue/specialProducts';

/**
 * The instalment calculator whole (brake-shop spec, section 4; issue 15), on the product and
 * basket pages, from real basket data: the request's six parameters, the direct link with an
 * empty basket, "not all products allow instalments" and "too many products".
 */
const NOT_ALL = 'Non tutti i prodotti nel carrello si possono pagare a rate.';
const TOO_MANY = 'Troppi prodotti nel carrello per il pagamento a rate.';

async function add(page: Page, product: number, size = 'uniw') {
  expect((await page.request.post('/basketchange.php?mode=1', { form: { product: String(product), size, number: '1' } })).ok()).toBe(true);
}

async function openProduct(page: Page, id: number) {
  await page.goto(`/product-${id}-x.html`);
  await expect(page.locator('.buy-box')).not.toHaveAttribute('data-state', /loading|starting/);
}

/** Product 11 costs 24,90 €: 5 of them reach the 100 € minimum. */
async function inRange(page: Page) {
  await page.locator('.stepper__input').fill('5');
  await page.locator('.stepper__input').press('Enter');
}

async function aListProduct(page: Page): Promise<{ id: number; size: string }> {
  const answer = (await (await page.request.get('/search.php?json=true&traits_alt[24]=148728&limit=20')).json()) as { products: Array<{ id: number; listSize: string | null }> };
  const found = answer.products.find((p) => p.listSize && p.id !== SPECIAL_PRODUCTS.rebateTiers)!;
  return { id: found.id, size: found.listSize! };
}

test.describe('instalments', () => {
  test('product page: the request carries the six parameters; with an empty basket the link runs directly, with products it leads to the basket', async ({ page }) => {
    const asked: URLSearchParams[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/ajax/instalments.php')) asked.push(new URL(request.url()).searchParams);
    });
    await openProduct(page, SPECIAL_PRODUCTS.rebateTiers);
    await inRange(page);
    const link = page.locator('.instalments a');
    await expect(link).toHaveAttribute('data-instalment-link', 'direct');
    const last = asked.at(-1)!;
    for (const name of ['currency', 'price', 'priceNet', 'basketCount', 'basketCost', 'basketCostNet']) expect(last.has(name)).toBe(true);
    expect(last.get('basketCount')).toBe('0');

    const other = await aListProduct(page);
    await add(page, other.id, other.size);
    await openProduct(page, SPECIAL_PRODUCTS.rebateTiers);
    await inRange(page);
    await expect(link).toHaveAttribute('data-instalment-link', 'basket');
    await expect(link).toHaveAttribute('href', '/basketedit.php');
    expect(asked.at(-1)!.get('basketCount')).toBe('1');
    expect(Number(asked.at(-1)!.get('basketCost'))).toBeGreaterThan(0);
  });

  test('a virtual product in the basket: "not all products allow instalments" on the product and basket pages', async ({ page }) => {
    await add(page, SPECIAL_PRODUCTS.virtual);
    await add(page, SPECIAL_PRODUCTS.rebateTiers);
    await openProduct(page, SPECIAL_PRODUCTS.rebateTiers);
    await expect(page.locator('.instalments')).toContainText(NOT_ALL);
    await page.goto('/basketedit.php');
    await expect(page.locator('.instalments')).toContainText(NOT_ALL);
  });

  test('more than 20 products in the basket: "too many products" on the product and basket pages', async ({ page }) => {
    const answer = (await (await page.request.get('/search.php?json=true&traits_alt[24]=148728&limit=60')).json()) as { products: Array<{ id: number; listSize: string | null }> };
    const goods = answer.products.filter((p) => p.listSize && p.id !== SPECIAL_PRODUCTS.rebateTiers).slice(0, 21);
    expect(goods.length).toBe(21);
    for (const product of goods) await add(page, product.id, product.listSize!);
    await openProduct(page, SPECIAL_PRODUCTS.rebateTiers);
    await expect(page.locator('.instalments')).toContainText(TOO_MANY);
    await page.goto('/basketedit.php');
    await expect(page.locator('.instalments')).toContainText(TOO_MANY);
  });
});
