import fc from 'fast-check';
import { INSTALMENT_MAX_PRODUCTS, instalmentCheck, runsLinkDirectly, type InstalmentInput } from '../../../src/domain/instalments';

const params = { minPrice: 100, maxPrice: 5000 };
const input = (overrides: Partial<InstalmentInput> = {}): InstalmentInput => ({ price: 500, basketCount: 0, allProductsAllow: true, ...overrides });

describe('instalmentCheck', () => {
  it('allowed at exactly the minimum and exactly the maximum', () => {
    expect(instalmentCheck(input({ price: 100 }), params)).toBe('allowed');
    expect(instalmentCheck(input({ price: 5000 }), params)).toBe('allowed');
    expect(instalmentCheck(input({ price: 2500 }), params)).toBe('allowed');
  });

  it('below the minimum', () => {
    expect(instalmentCheck(input({ price: 99.99 }), params)).toBe('belowMin');
    expect(instalmentCheck(input({ price: 0 }), params)).toBe('belowMin');
  });

  it('above the maximum', () => {
    expect(instalmentCheck(input({ price: 5000.01 }), params)).toBe('aboveMax');
  });

  it(`too many products above ${INSTALMENT_MAX_PRODUCTS} in the basket`, () => {
    expect(INSTALMENT_MAX_PRODUCTS).toBe(20);
    expect(instalmentCheck(input({ basketCount: 20 }), params)).toBe('allowed');
    expect(instalmentCheck(input({ basketCount: 21 }), params)).toBe('tooManyProducts');
    expect(instalmentCheck(input({ basketCount: 21, price: 1 }), params)).toBe('tooManyProducts');
  });

  it('not all products allow instalments: checked first', () => {
    expect(instalmentCheck(input({ allProductsAllow: false }), params)).toBe('notAllProducts');
    expect(instalmentCheck(input({ allProductsAllow: false, basketCount: 50, price: 1 }), params)).toBe('notAllProducts');
  });
});

describe('runsLinkDirectly', () => {
  it('with an empty basket and a price in range', () => {
    expect(runsLinkDirectly(input({ basketCount: 0, price: 100 }), params)).toBe(true);
    expect(runsLinkDirectly(input({ basketCount: 0, price: 5000 }), params)).toBe(true);
  });

  it('not with products in the basket, nor out of range, nor when a product forbids it', () => {
    expect(runsLinkDirectly(input({ basketCount: 1 }), params)).toBe(false);
    expect(runsLinkDirectly(input({ price: 50 }), params)).toBe(false);
    expect(runsLinkDirectly(input({ price: 6000 }), params)).toBe(false);
    expect(runsLinkDirectly(input({ allProductsAllow: false }), params)).toBe(false);
  });
});

describe('properties', () => {
  const amount = fc.integer({ min: 0, max: 1_000_000 }).map((cents) => cents / 100);

  it('allowed exactly when every product allows it, the basket is small enough and min <= price <= max', () => {
    fc.assert(
      fc.property(amount, amount, amount, fc.integer({ min: 0, max: 40 }), fc.boolean(), (a, b, price, basketCount, allProductsAllow) => {
        const [minPrice, maxPrice] = a <= b ? [a, b] : [b, a];
        const check = instalmentCheck({ price, basketCount, allProductsAllow }, { minPrice, maxPrice });
        const expected = allProductsAllow && basketCount <= INSTALMENT_MAX_PRODUCTS && price >= minPrice && price <= maxPrice;
        expect(check === 'allowed').toBe(expected);
        if (check === 'belowMin') expect(price).toBeLessThan(minPrice);
        if (check === 'aboveMax') expect(price).toBeGreaterThan(maxPrice);
        // Running the link directly needs an empty basket on top of an allowed check.
        expect(runsLinkDirectly({ price, basketCount, allProductsAllow }, { minPrice, maxPrice })).toBe(expected && basketCount === 0);
      }),
    );
  });
});

describe('instalments: which products allow them, and the direct link (issue 15)', () => {
  it('goods allow instalments; virtual products and services do not', async () => {
    const { allowsInstalments } = await import('../../../src/domain/instalments');
    expect(allowsInstalments('product_item')).toBe(true);
    expect(allowsInstalments('product_bundle')).toBe(true);
    expect(allowsInstalments('product_virtual')).toBe(false);
    expect(allowsInstalments('product_service')).toBe(false);
  });

  it('runs the link directly only with an empty basket and a price in range', async () => {
    const { runsLinkDirectly } = await import('../../../src/domain/instalments');
    const limits = { minPrice: 100, maxPrice: 5000 };
    expect(runsLinkDirectly({ price: 300, basketCount: 0, allProductsAllow: true }, limits)).toBe(true);
    expect(runsLinkDirectly({ price: 300, basketCount: 2, allProductsAllow: true }, limits)).toBe(false);
    expect(runsLinkDirectly({ price: 50, basketCount: 0, allProductsAllow: true }, limits)).toBe(false);
    expect(runsLinkDirectly({ price: 300, basketCount: 0, allProductsAllow: false }, limits)).toBe(false);
  });
});
