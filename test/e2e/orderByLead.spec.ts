import { expect, test, type APIRequestContext } from '@playwright/test';
import { scriptReady } from './support/shopping';
import { axeViolations } from './support/axe';
import { screenshot } from './support/screens';

/** Today at 10:00 on this machine's clock (the shop's server and the browser run here). */
function todayAt10(): Date {
  const at = new Date();
  at.setHours(10, 0, 0, 0);
  return at;
}

/** A product whose first size ships today before the 14:00 deadline (on the shop's clock as set). */
async function shipsTodayProduct(request: APIRequestContext): Promise<{ id: number; link: string }> {
  for (let id = 11; id < 80; id++) {
    const answer = await request.get(`/ajax/projector.php?action=get&product=${id}&get=sizeavailability,product`);
    if (!answer.ok()) continue;
    const body = (await answer.json()) as { sizeavailability: { shipping_time?: { today?: string } }; product: { link: string; product_type: string } };
    if (body.sizeavailability.shipping_time?.today === 'true' && body.product.product_type === 'product_item') return { id, link: body.product.link };
  }
  throw new Error('no product ships today in the demo catalogue');
}

/** Issue 23, point 12: the order-by lead time comes with the page data and is the shop's (storefront spec sections 3 and 9: 3 hours by default). */
test.describe('order-by lead time', () => {
  test.afterEach(async ({ request }) => {
    await request.delete('/__test/settings');
    await request.delete('/__test/clock');
  });

  test('four hours before the deadline: no countdown with the default 3 hours, a countdown when the shop\u2019s lead time is 5 hours', async ({ page, request }) => {
    const now = todayAt10();
    expect((await request.post('/__test/clock', { data: { now: now.toISOString() } })).ok()).toBe(true);
    await page.clock.setFixedTime(now);
    const product = await shipsTodayProduct(request);

    await page.goto(product.link);
    await scriptReady(page);
    const when = page.locator('.buy-box .shipping-info__when');
    await expect(when).toHaveText('Spedizione oggi se ordini entro le 14:00');

    expect((await request.post('/__test/settings', { data: { orderByLeadHours: 5 } })).ok()).toBe(true);
    await page.reload();
    await scriptReady(page);
    await expect(when).toHaveText('Ordina entro 4 h 0 min e spediamo oggi');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'product-order-by-lead');
  });
});
