import fc from 'fast-check';
import { normaliseQuantity, quantityAllowed, quantityBounds, unitLabel } from '../../../src/domain/quantity';

describe('quantity rules', () => {
  it('defaults: step 1, precision 0, minimum 1, no maximum with unlimited stock', () => {
    expect(quantityBounds({ stock: -1 })).toEqual({ step: 1, precision: 0, min: 1, max: Infinity });
  });

  it('raises the minimum to the largest of step, per-order, per-size and subscription minimums (spec section 5, as written)', () => {
    const range = { min_quantity_per_order: 2, min_size_quantity_per_order: 3, minimum_quantity_subscription: 5 };
    expect(quantityBounds({ order_quantity_range: range }).min).toBe(5);
    expect(quantityBounds({ order_quantity_range: { ...range, minimum_quantity_subscription: 1 } }).min).toBe(3);
    expect(quantityBounds({ order_quantity_range: { minimum_quantity_subscription: 4 } }).min).toBe(4);
    expect(quantityBounds({ unit_sellby: 6, order_quantity_range: range }).min).toBe(6);
  });

  it('caps the maximum to the smaller of stock and the per-order and per-size maximums', () => {
    const range = { max_quantity_per_order: 8, max_size_quantity_per_order: 6 };
    expect(quantityBounds({ stock: 20, order_quantity_range: range }).max).toBe(6);
    expect(quantityBounds({ stock: 4, order_quantity_range: range }).max).toBe(4);
    expect(quantityBounds({ stock: -1, order_quantity_range: range }).max).toBe(6);
  });

  it('says which limit it applied', () => {
    const rules = quantityBounds({ stock: 6, order_quantity_range: { min_quantity_per_order: 2 } });
    expect(normaliseQuantity(1, rules)).toEqual({ quantity: 2, message: { kind: 'min', n: 2 } });
    expect(normaliseQuantity(9, rules)).toEqual({ quantity: 6, message: { kind: 'max', n: 6 } });
    expect(normaliseQuantity(4, rules)).toEqual({ quantity: 4, message: null });
  });

  it('sells by 0.5 with precision 1 without floating-point drift', () => {
    const rules = quantityBounds({ unit_sellby: 0.5, unit_precision: 1, stock: 50 });
    expect(normaliseQuantity(1.3, rules).quantity).toBe(1.5);
    expect(normaliseQuantity(0.1 + 0.2, rules).quantity).toBe(0.5);
    expect(quantityAllowed(2.5, rules)).toBe(true);
    expect(quantityAllowed(2.4, rules)).toBe(false);
  });

  it('uses the plural unit above 1', () => {
    expect(unitLabel(1, 'pezzo', 'pezzi')).toBe('pezzo');
    expect(unitLabel(1.5, 'metro', 'metri')).toBe('metri');
  });

  it('property: a normalised quantity is always allowed, a multiple of the step, within the bounds', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(0.25, 0.5, 1, 2, 5),
        fc.integer({ min: -1, max: 500 }),
        fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
        fc.option(fc.integer({ min: 1, max: 400 }), { nil: null }),
        fc.double({ min: -10, max: 1000, noNaN: true }),
        (step, stock, minPerOrder, maxPerOrder, typed) => {
          const rules = quantityBounds({
            unit_sellby: step,
            unit_precision: 2,
            stock,
            order_quantity_range: { min_quantity_per_order: minPerOrder, max_quantity_per_order: maxPerOrder },
          });
          fc.pre(rules.max >= rules.min);
          const { quantity } = normaliseQuantity(typed, rules);
          expect(quantity).toBeGreaterThanOrEqual(rules.min);
          expect(quantity).toBeLessThanOrEqual(rules.max);
          expect(quantityAllowed(quantity, rules)).toBe(true);
        },
      ),
    );
  });
});
