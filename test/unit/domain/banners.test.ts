import { bannersToShow, freeShippingBannerWanted } from '../../../src/domain/banners';

describe('which banners a page shows', () => {
  const empty = { productsCounter: 0, toShippingFree: 79 };
  const missing = { productsCounter: 2, toShippingFree: 31.5 };
  const reached = { productsCounter: 4, toShippingFree: 0 };

  it('shows the free-shipping banner only when it says what the bar does not: amount missing or reached', () => {
    expect(freeShippingBannerWanted(null)).toBe(false);
    expect(freeShippingBannerWanted(empty)).toBe(false);
    expect(freeShippingBannerWanted(missing)).toBe(true);
    expect(freeShippingBannerWanted(reached)).toBe(true);
  });

  it('keeps the discount banner until it is dismissed, and never shows a dismissed one', () => {
    expect(bannersToShow([], empty)).toEqual(['discount_code']);
    expect(bannersToShow([], missing)).toEqual(['discount_code', 'free_shipping']);
    expect(bannersToShow(['discount_code'], reached)).toEqual(['free_shipping']);
    expect(bannersToShow(['discount_code', 'free_shipping'], reached)).toEqual([]);
  });
});
