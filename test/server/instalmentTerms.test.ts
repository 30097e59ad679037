import { instalmentRequestOf } from '../../src/domain/productOffer';
import type { ProductPageData, SizeAvailability, SizePrices } from '../../src/api/wire';
import { instalmentCents } from '../../server/orders/quote';
import { startTestShop, type TestShop } from './helpers';

/**
 * Issue 34, point 17: the instalment amount and its limits are compared in the same terms. The
 * request always carries the gross price and the net one (priceNet), whatever the shop shows
 * (PRICE_TYPE); the server checks the one in its limits' own terms (InstalmentParams.priceType).
 */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop(300);
});
afterAll(async () => {
  await shop.close();
});

// The limits' terms are a setting of the shop's (server/settings/shopSettings.ts), changed through its write path.
const limits = async (priceType: 'net' | 'gross') => {
  const settings = await shop.repository.shopSettings();
  await shop.repository.saveShopSettings({ ...settings, instalments: { minPrice: 100, maxPrice: 5000, instalmentName: 'Rate Compass', link: '/cms/pagamento-rate.html', priceType } });
};

describe('instalments in the same terms as their limits (a net shop: PRICE_TYPE=net)', () => {
  it('the request a net shop sends carries the gross price as price and the net one as priceNet', () => {
    const prices = { value: 122, price_net: 100, points: 0, basket_enable: 'y' } as unknown as SizePrices;
    const availability = { status: 'enable' } as SizeAvailability;
    const request = instalmentRequestOf({ product_type: 'product_item', price_type: 'net', currency: 'EUR' } as Pick<ProductPageData, 'product_type' | 'price_type' | 'currency'>, 2, { availability, prices }, null)!;
    expect(request.price).toBe(244);
    expect(request.priceNet).toBe(200);
  });

  it('gross limits check the gross amount: 119 gross (97,54 net) is within 100..5000', async () => {
    await limits('gross');
    const answer = (await shop.app.inject({ method: 'GET', url: '/ajax/instalments.php?currency=EUR&price=119.00&priceNet=97.54' })).json();
    expect(answer).toMatchObject({ priceType: 'gross', totalPrice: 119 });
  });

  it('net limits check the net amount: the same part answers 97,54, below the minimum of 100', async () => {
    await limits('net');
    const answer = (await shop.app.inject({ method: 'GET', url: '/ajax/instalments.php?currency=EUR&price=119.00&priceNet=97.54' })).json();
    expect(answer).toMatchObject({ priceType: 'net', totalPrice: 97.54 });
    expect(answer.totalPrice).toBeLessThan(answer.minPrice);
    await limits('gross');
  });

  it('the checkout compares its total in the limits\' terms: goods and shipping net against net limits', () => {
    const quote = { total: { value: 121.9, formatted: '' }, goodsNet: { value: 94.26, formatted: '' }, shippingNet: { value: 5.66, formatted: '' } };
    expect(instalmentCents(quote, { priceType: 'gross' })).toBe(12190);
    expect(instalmentCents(quote, { priceType: 'net' })).toBe(9992);
    expect(instalmentCents(quote, null)).toBe(12190);
  });
});
