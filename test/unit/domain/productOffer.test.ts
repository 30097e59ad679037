import fc from 'fast-check';
import type { BundlePrice, SizePrices } from '../../../src/api/wire';
import {
  bundleSaving,
  buyStateOf,
  hasReduction,
  isPhonePrice,
  isPhysical,
  lineTotal,
  nextRebate,
  priceView,
  rebateSteps,
  showsFreeLabel,
  showsPhonePriceText,
  unitPriceAt,
  type OfferInput,
  type RebateStep,
} from '../../../src/domain/productOffer';

/** Sizes prices of the demo rebate-tier product (id 11): 24.90 gross, 5 / 10 / 15 % off from 2 / 4 / 10. */
function prices(overrides: Partial<SizePrices> = {}): SizePrices {
  return {
    value: 24.9,
    price_formatted: '24,90 €',
    price_net: 20.41,
    price_net_formatted: '20,41 €',
    maxprice: 0,
    maxprice_formatted: '0,00 €',
    maxprice_net: 0,
    maxprice_net_formatted: '0,00 €',
    omnibus_price: 24.9,
    omnibus_price_formatted: '24,90 €',
    omnibus_price_net: 20.41,
    omnibus_price_net_formatted: '20,41 €',
    srp: 0,
    srp_formatted: '0,00 €',
    srp_net: 0,
    srp_net_formatted: '0,00 €',
    points: 0,
    points_recive: 0,
    rebate: 0,
    yousave: 0,
    yousave_formatted: '0,00 €',
    yousave_net: 0,
    yousave_percent: 0,
    advanceprice: 0,
    advanceprice_formatted: '0,00 €',
    basket_enable: 'n',
    ...overrides,
  };
}

const rebateNumber: NonNullable<SizePrices['rebateNumber']> = {
  items: [
    { left: 2, price: 23.65, price_net: 19.39, threshold: 2 },
    { left: 4, price: 22.41, price_net: 18.37, threshold: 4 },
    { left: 10, price: 21.17, price_net: 17.35, threshold: 10 },
  ],
  nextleft: 1,
  nextprice: 23.65,
  nextprice_net: 19.39,
  nextthreshold: 2,
};
const demo = prices({ rebateNumber });
const demoSteps = rebateSteps(demo, 'gross');

function offer(overrides: Partial<OfferInput> = {}, priceOverrides: Partial<SizePrices> = {}): OfferInput {
  return { productType: 'product_item', gratis: false, availability: { status: 'enable' }, prices: prices(priceOverrides), ...overrides };
}

describe('buyStateOf', () => {
  it('a regular product with a price is available', () => {
    expect(buyStateOf(offer())).toBe('available');
    expect(buyStateOf(offer({ availability: { status: 'order' } }))).toBe('available');
  });

  it('gratis: the buy section is hidden, whatever else the size says', () => {
    expect(buyStateOf(offer({ gratis: true }))).toBe('gratis');
    expect(buyStateOf(offer({ gratis: true, availability: { status: 'disable' } }, { value: 0, points: 50 }))).toBe('gratis');
  });

  it('status disable is unavailable, even with a phone price', () => {
    expect(buyStateOf(offer({ availability: { status: 'disable' } }))).toBe('unavailable');
    expect(buyStateOf(offer({ availability: { status: 'disable' } }, { value: 0, basket_enable: 'y' }))).toBe('unavailable');
  });

  it('a phone price (price 0) with points above 0 is points-only', () => {
    expect(buyStateOf(offer({}, { value: 0, points: 120 }))).toBe('pointsOnly');
    expect(buyStateOf(offer({}, { value: 0, points: 120, basket_enable: 'y' }))).toBe('pointsOnly');
  });

  it('a phone price with basket_enable y is buyable', () => {
    expect(buyStateOf(offer({}, { value: 0, basket_enable: 'y' }))).toBe('available');
  });

  it('a phone price with basket_enable n is phone-price only', () => {
    expect(buyStateOf(offer({}, { value: 0, basket_enable: 'n' }))).toBe('phonePrice');
  });

  it('a price is a phone price only when it is not above 0', () => {
    expect(isPhonePrice({ value: 0 })).toBe(true);
    expect(isPhonePrice({ value: -1 })).toBe(true);
    expect(isPhonePrice({ value: 0.01 })).toBe(false);
  });
});

describe('isPhysical', () => {
  it('virtual and service products are not physical; items and bundles are', () => {
    expect(isPhysical('product_item')).toBe(true);
    expect(isPhysical('product_bundle')).toBe(true);
    expect(isPhysical('product_virtual')).toBe(false);
    expect(isPhysical('product_service')).toBe(false);
  });
});

describe('showsFreeLabel', () => {
  it('only a buyable phone-price product without points shows the free label', () => {
    expect(showsFreeLabel(prices({ value: 0, basket_enable: 'y' }))).toBe(true);
    expect(showsFreeLabel(prices({ value: 0, basket_enable: 'n' }))).toBe(false);
    expect(showsFreeLabel(prices({ value: 0, basket_enable: 'y', points: 10 }))).toBe(false);
    expect(showsFreeLabel(prices({ value: 24.9, basket_enable: 'y' }))).toBe(false);
  });
});

describe('priceView', () => {
  const reduced = prices({
    srp: 29.9,
    srp_formatted: '29,90 €',
    srp_net: 24.51,
    srp_net_formatted: '24,51 €',
    maxprice: 27.5,
    maxprice_formatted: '27,50 €',
    maxprice_net: 22.54,
    maxprice_net_formatted: '22,54 €',
    yousave: 5,
    yousave_formatted: '5,00 €',
    yousave_net: 4.1,
    yousave_percent: 17,
    points: 3,
    points_recive: 2,
  });

  it('gross: the gross price and the gross reference prices above it', () => {
    expect(priceView(reduced, 'gross')).toEqual({
      phonePrice: false,
      value: 24.9,
      formatted: '24,90 €',
      net: false,
      srp: '29,90 €',
      maxprice: '27,50 €',
      advance: null,
      yousave: { amount: 5, percent: 17 },
      points: 3,
      pointsReceived: 2,
    });
  });

  it('net: the net price, the net reference prices and the net saving', () => {
    expect(priceView(reduced, 'net')).toEqual({
      phonePrice: false,
      value: 20.41,
      formatted: '20,41 €',
      net: true,
      srp: '24,51 €',
      maxprice: '22,54 €',
      advance: null,
      yousave: { amount: 4.1, percent: 17 },
      points: 3,
      pointsReceived: 2,
    });
  });

  it('reference prices show only when above the price', () => {
    const view = priceView(prices({ srp: 24.9, srp_formatted: '24,90 €', maxprice: 20, maxprice_formatted: '20,00 €' }), 'gross');
    expect(view.srp).toBeNull();
    expect(view.maxprice).toBeNull();
    // Net is compared with the net price, not the gross one.
    const net = priceView(prices({ srp: 25, srp_formatted: '25,00 €', srp_net: 20, srp_net_formatted: '20,00 €' }), 'net');
    expect(net.srp).toBeNull();
    expect(priceView(prices({ srp: 25, srp_formatted: '25,00 €', srp_net: 20, srp_net_formatted: '20,00 €' }), 'gross').srp).toBe('25,00 €');
  });

  it('a phone price shows no reference prices', () => {
    const view = priceView(prices({ value: 0, price_net: 0, srp: 29.9, srp_formatted: '29,90 €' }), 'gross');
    expect(view.phonePrice).toBe(true);
    expect(view.srp).toBeNull();
  });

  it('a saving shows only with an amount and a percent above 0', () => {
    expect(priceView(prices({ yousave: 5, yousave_percent: 0 }), 'gross').yousave).toBeNull();
    expect(priceView(prices({ yousave: 0, yousave_percent: 10 }), 'gross').yousave).toBeNull();
    expect(priceView(prices({ yousave: 5, yousave_net: 0, yousave_percent: 10 }), 'net').yousave).toBeNull();
  });

  it('an advance price shows when above 0', () => {
    expect(priceView(prices({ advanceprice: 5, advanceprice_formatted: '5,00 €' }), 'gross').advance).toBe('5,00 €');
  });
});

describe('hasReduction', () => {
  it('a reference price above the price or a saving announces a reduction', () => {
    expect(hasReduction(priceView(prices({ srp: 29.9, srp_formatted: '29,90 €' }), 'gross'))).toBe(true);
    expect(hasReduction(priceView(prices({ maxprice: 29.9, maxprice_formatted: '29,90 €' }), 'gross'))).toBe(true);
    expect(hasReduction(priceView(prices({ yousave: 5, yousave_percent: 17 }), 'gross'))).toBe(true);
  });

  it('no reduction without any, nor for a phone price', () => {
    expect(hasReduction(priceView(prices(), 'gross'))).toBe(false);
    expect(hasReduction({ ...priceView(prices({ value: 0 }), 'gross'), yousave: { amount: 5, percent: 10 } })).toBe(false);
  });
});

describe('rebate tiers (demo product 11: 24.90, 2 -> 23.65, 4 -> 22.41, 10 -> 21.17)', () => {
  it('rebateSteps reads the items under the price type', () => {
    expect(demoSteps).toEqual([
      { threshold: 2, price: 23.65 },
      { threshold: 4, price: 22.41 },
      { threshold: 10, price: 21.17 },
    ]);
    expect(rebateSteps(demo, 'net')).toEqual([
      { threshold: 2, price: 19.39 },
      { threshold: 4, price: 18.37 },
      { threshold: 10, price: 17.35 },
    ]);
  });

  it('rebateSteps sorts by threshold and drops empty steps; none without rebateNumber', () => {
    const messy = prices({
      rebateNumber: {
        ...rebateNumber,
        items: [rebateNumber.items[2], { left: 0, price: 20, price_net: 16, threshold: 0 }, rebateNumber.items[0], { left: 6, price: 0, price_net: 0, threshold: 6 }, rebateNumber.items[1]],
      },
    });
    expect(rebateSteps(messy, 'gross')).toEqual(demoSteps);
    expect(rebateSteps(prices(), 'gross')).toEqual([]);
  });

  it.each([
    [1, 24.9],
    [2, 23.65],
    [3, 23.65],
    [4, 22.41],
    [9, 22.41],
    [10, 21.17],
    [250, 21.17],
  ])('unitPriceAt(%p) = %p', (quantity, unit) => {
    expect(unitPriceAt(quantity, 24.9, demoSteps)).toBe(unit);
  });

  it('unitPriceAt without steps is the base price', () => {
    expect(unitPriceAt(100, 24.9, [])).toBe(24.9);
  });

  it('nextRebate: how many more for the next step, and its price', () => {
    expect(nextRebate(1, demoSteps)).toEqual({ left: 1, price: 23.65, threshold: 2 });
    expect(nextRebate(2, demoSteps)).toEqual({ left: 2, price: 22.41, threshold: 4 });
    expect(nextRebate(3, demoSteps)).toEqual({ left: 1, price: 22.41, threshold: 4 });
    expect(nextRebate(5, demoSteps)).toEqual({ left: 5, price: 21.17, threshold: 10 });
    expect(nextRebate(10, demoSteps)).toBeNull();
    expect(nextRebate(1, [])).toBeNull();
  });

  it('nextRebate counts fractional quantities without drift', () => {
    expect(nextRebate(1.7, demoSteps)).toEqual({ left: 0.3, price: 23.65, threshold: 2 });
    expect(nextRebate(0.1 + 0.2, demoSteps)).toEqual({ left: 1.7, price: 23.65, threshold: 2 });
  });
});

describe('lineTotal', () => {
  it.each([
    [23.65, 3, 70.95],
    [22.41, 4, 89.64],
    [21.17, 10, 211.7],
    [0.1, 3, 0.3],
    [19.99, 7, 139.93],
    [3.9, 0.5, 1.95],
    [24.9, 1, 24.9],
  ])('%p x %p = %p (cents exact)', (unit, quantity, total) => {
    expect(lineTotal(unit, quantity)).toBe(total);
  });

  it('rounds half a cent up', () => {
    expect(lineTotal(3.95, 0.5)).toBe(1.98);
    expect(lineTotal(0.05, 0.5)).toBe(0.03);
  });
});

describe('bundleSaving', () => {
  const bundle: BundlePrice = {
    price_net: 120,
    price_net_formatted: '120,00 €',
    price_gross: 146.4,
    price_gross_formatted: '146,40 €',
    percent_diff: 18,
    amount_diff_gross: 26.5,
    amount_diff_net: 21.72,
  };

  it('the saving under the price type', () => {
    expect(bundleSaving(bundle, 'gross')).toEqual({ amount: 26.5, percent: 18 });
    expect(bundleSaving(bundle, 'net')).toEqual({ amount: 21.72, percent: 18 });
  });

  it('none without a bundle price or without a positive saving', () => {
    expect(bundleSaving(undefined, 'gross')).toBeNull();
    expect(bundleSaving({ ...bundle, amount_diff_gross: 0 }, 'gross')).toBeNull();
    expect(bundleSaving({ ...bundle, amount_diff_net: -3 }, 'net')).toBeNull();
  });
});

describe('properties', () => {
  /** Rebate steps as a shop configures them: rising thresholds, falling prices below the base. */
  const tiers = fc
    .record({
      base: fc.integer({ min: 100, max: 100_000 }),
      thresholds: fc.uniqueArray(fc.integer({ min: 1, max: 200 }), { minLength: 0, maxLength: 6 }),
      discounts: fc.array(fc.integer({ min: 1, max: 15 }), { minLength: 6, maxLength: 6 }),
    })
    .map(({ base, thresholds, discounts }) => {
      const sorted = [...thresholds].sort((a, b) => a - b);
      let percent = 0;
      const steps: RebateStep[] = sorted.map((threshold, i) => {
        percent += discounts[i];
        return { threshold, price: Math.round(base * (100 - percent)) / 10_000 };
      });
      return { base: base / 100, steps };
    });

  const quantity = fc.oneof(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 600 }).map((n) => n / 2));

  it('unitPriceAt is non-increasing in quantity (demo tiers and generated tiers)', () => {
    fc.assert(
      fc.property(quantity, quantity, (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(unitPriceAt(high, 24.9, demoSteps)).toBeLessThanOrEqual(unitPriceAt(low, 24.9, demoSteps));
      }),
    );
    fc.assert(
      fc.property(tiers, quantity, quantity, ({ base, steps }, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(unitPriceAt(high, base, steps)).toBeLessThanOrEqual(unitPriceAt(low, base, steps));
        expect(unitPriceAt(low, base, steps)).toBeLessThanOrEqual(base);
      }),
    );
  });

  it('nextRebate(q): threshold > q and left = threshold - q; null only past the last step', () => {
    fc.assert(
      fc.property(tiers, quantity, ({ steps }, q) => {
        const next = nextRebate(q, steps);
        if (next === null) {
          expect(steps.every((step) => step.threshold <= q)).toBe(true);
        } else {
          expect(next.threshold).toBeGreaterThan(q);
          expect(next.left).toBe(next.threshold - q);
          // It is the first step not yet reached, and buying `left` more reaches its price.
          expect(steps.filter((step) => step.threshold > q)[0]).toEqual({ threshold: next.threshold, price: next.price });
          expect(unitPriceAt(q + next.left, 24.9, steps)).toBe(next.price);
        }
      }),
    );
  });

  it('lineTotal has at most 2 decimals and is cents exact for whole quantities', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), quantity, (cents, q) => {
        const total = lineTotal(cents / 100, q);
        expect(Number(total.toFixed(2))).toBe(total);
        if (Number.isInteger(q)) expect(total).toBe((cents * q) / 100);
        expect(Math.abs(total - (cents * q) / 100)).toBeLessThanOrEqual(0.005 + 1e-9);
      }),
    );
  });
});

describe('phone price (issue 15)', () => {
  it('a zero price shows the phone-price text wherever a price is shown; a positive one does not', () => {
    expect(showsPhonePriceText(0)).toBe(true);
    expect(showsPhonePriceText(null)).toBe(true);
    expect(showsPhonePriceText(24.9)).toBe(false);
  });

  it('the size\u2019s phone_price flag decides the phone-price state, whatever the price', () => {
    const base: OfferInput = { productType: 'product_item', gratis: false, availability: { status: 'enable' }, prices: prices() };
    expect(buyStateOf({ ...base, phonePrice: true })).toBe('phonePrice');
    expect(buyStateOf({ ...base, phonePrice: true, prices: prices({ basket_enable: 'y' }) })).toBe('available');
    expect(buyStateOf({ ...base, phonePrice: false, prices: prices({ value: 0 }) })).toBe('available');
    // Without the flag, the price decides (zero is a phone price).
    expect(buyStateOf({ ...base, prices: prices({ value: 0 }) })).toBe('phonePrice');
  });
});
