import fc from 'fast-check';
import { BASKET_LIMITS, decideBasketChange, ISSUED_VARIANTS, lineRules, type LimitLine, type LimitProduct, type LimitSize } from '../../server/db/basketLimits';
import { SUBSCRIPTION_ADDITIONAL } from '../../src/api/wire';

/**
 * The basket's limit decision on its own (server/db/basketLimits.ts): every storage backend
 * calls it inside its write transaction, so its verdict alone must keep every basket within the
 * limits, from any basket it is given (itself within them) and any change.
 */
const product = (over: Partial<LimitProduct> = {}): LimitProduct => ({
  unit: 'pz.',
  unit_plural: 'pz.',
  unit_sellby: 1,
  unit_precision: 0,
  min_quantity: null,
  max_quantity: null,
  min_size_quantity: null,
  max_size_quantity: null,
  min_subscription_quantity: null,
  subscription: 1,
  gratis: 0,
  phone_price: 0,
  ...over,
});
const size = (over: Partial<LimitSize> = {}): LimitSize => ({ size_id: 'S1', stock: -1, status: 'enable', points: 0, basket_enable: 1, subscription_gross: 9.9, ...over });
const change = (over: Partial<Parameters<typeof decideBasketChange>[0]['change']> = {}) => ({ mode: 'add' as const, productId: 1, sizeId: 'S1', quantity: 1, additional: '', ...over });

describe('decideBasketChange', () => {
  it('counts the whole product against the per-order maximum and the size lines against stock', () => {
    const lines: LimitLine[] = [
      { sizeId: 'S1', additional: '', count: 2 },
      { sizeId: 'S2', additional: '', count: 2 },
    ];
    expect(decideBasketChange({ product: product({ max_quantity: 5 }), size: size(), productLines: lines, basketLines: 2, change: change({ quantity: 2 }) })).toMatchObject({
      ok: false,
      code: 'quantity_above_maximum',
    });
    expect(decideBasketChange({ product: product({ max_quantity: 5 }), size: size(), productLines: lines, basketLines: 2, change: change({ quantity: 1 }) })).toEqual({ ok: true, count: 3 });
    expect(
      decideBasketChange({ product: product(), size: size({ stock: 3 }), productLines: lines, basketLines: 2, change: change({ additional: SUBSCRIPTION_ADDITIONAL, quantity: 2 }) }),
    ).toMatchObject({ ok: false, code: 'quantity_above_maximum' });
  });

  it('the minimum is the largest of the step and the three minimums, the subscription minimum on a plain line too (spec section 5, as written)', () => {
    const base = { product: product({ min_quantity: 2, min_size_quantity: 3, min_subscription_quantity: 4 }), size: size(), productLines: [], basketLines: 0 };
    expect(decideBasketChange({ ...base, change: change({ quantity: 3 }) })).toMatchObject({ ok: false, code: 'quantity_below_minimum', message: 'Quantità minima ordinabile: 4 pz.' });
    expect(decideBasketChange({ ...base, change: change({ quantity: 4 }) })).toEqual({ ok: true, count: 4 });
    expect(decideBasketChange({ ...base, change: change({ additional: SUBSCRIPTION_ADDITIONAL, quantity: 3 }) })).toMatchObject({ ok: false, code: 'quantity_below_minimum' });
    expect(lineRules(base.product, size()).min).toBe(4);
  });

  it('refuses made-up variant keys, non-finite, negative and zero adds, and a new line past the line cap', () => {
    const base = { product: product(), size: size(), productLines: [], basketLines: 0 };
    expect(decideBasketChange({ ...base, change: change({ additional: 'abc' }) })).toMatchObject({ ok: false, code: 'unknown_variant' });
    for (const quantity of [NaN, Infinity, -1, 0]) expect(decideBasketChange({ ...base, change: change({ quantity }) })).toMatchObject({ ok: false, status: 422 });
    expect(decideBasketChange({ ...base, basketLines: BASKET_LIMITS.maxLines, change: change() })).toMatchObject({ ok: false, code: 'basket_full' });
    expect(decideBasketChange({ ...base, product: null, change: change() })).toMatchObject({ ok: false, status: 404 });
  });

  it('property: from a basket within the limits, no change leaves the product above one', () => {
    const rules = fc.record({
      unit_sellby: fc.constantFrom(1, 0.5, 2),
      unit_precision: fc.constantFrom(0, 1),
      min_quantity: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
      max_quantity: fc.option(fc.integer({ min: 2, max: 20 }), { nil: null }),
      max_size_quantity: fc.option(fc.integer({ min: 2, max: 12 }), { nil: null }),
      min_subscription_quantity: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    });
    const sizes = ['S1', 'S2'];
    const stock = fc.constantFrom(-1, 0, 3, 8);
    const step = fc.record({
      mode: fc.constantFrom('add' as const, 'set' as const),
      sizeId: fc.constantFrom(...sizes),
      quantity: fc.oneof(fc.constantFrom(0, 0.5, 1, 2, 3, 5, 8, 13, 10_001), fc.double({ min: -3, max: 50, noNaN: true })),
      additional: fc.constantFrom('', SUBSCRIPTION_ADDITIONAL, 'ff'),
    });
    fc.assert(
      fc.property(rules, stock, stock, fc.array(step, { maxLength: 25 }), (r, stock1, stock2, steps) => {
        const p = product(r);
        const stocks: Record<string, number> = { S1: stock1, S2: stock2 };
        let lines: LimitLine[] = [];
        for (const s of steps) {
          const verdict = decideBasketChange({ product: p, size: size({ size_id: s.sizeId, stock: stocks[s.sizeId] }), productLines: lines, basketLines: lines.length, change: { ...s, productId: 1 } });
          if (!verdict.ok) continue;
          const rest = lines.filter((l) => !(l.sizeId === s.sizeId && l.additional === s.additional));
          lines = verdict.count === 0 ? rest : [...rest, { sizeId: s.sizeId, additional: s.additional, count: verdict.count }];
        }
        const total = lines.reduce((sum, l) => sum + l.count, 0);
        expect(total).toBeLessThanOrEqual(Math.min(r.max_quantity ?? Infinity, BASKET_LIMITS.maxQuantityPerProduct) + 1e-9);
        for (const id of sizes) {
          const sizeTotal = lines.filter((l) => l.sizeId === id).reduce((sum, l) => sum + l.count, 0);
          if (r.max_size_quantity) expect(sizeTotal).toBeLessThanOrEqual(r.max_size_quantity + 1e-9);
          if (stocks[id] !== -1) expect(sizeTotal).toBeLessThanOrEqual(stocks[id] + 1e-9);
        }
        for (const line of lines) {
          expect(ISSUED_VARIANTS.has(line.additional)).toBe(true);
          const steps = line.count / r.unit_sellby;
          expect(Math.abs(steps - Math.round(steps))).toBeLessThan(1e-6);
          expect(line.count).toBeGreaterThanOrEqual(Math.max(r.unit_sellby, r.min_quantity ?? 0, r.min_subscription_quantity ?? 0) - 1e-9);
        }
      }),
      { numRuns: 500 },
    );
  });
});
