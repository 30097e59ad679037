import fc from 'fast-check';
import { formatAmount, formatPrice } from '../../../src/domain/priceMask';

describe('price mask', () => {
  it('groups thousands and shows 2 decimals with the Italian separators', () => {
    expect(formatPrice(1234.5)).toBe('1.234,50\u00a0€');
    expect(formatPrice(0)).toBe('0,00\u00a0€');
    expect(formatAmount(1234567.891)).toBe('1.234.567,89');
  });

  it('follows another site\'s separators', () => {
    expect(formatAmount(9876.5, { decimals: 2, grouped: true, decimalSeparator: '.', thousandsSeparator: ',', currencySymbol: '£', symbolAfter: false })).toBe(
      '9,876.50',
    );
  });

  it('property: reading the formatted amount back gives the value rounded to cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (cents) => {
        const text = formatAmount(cents / 100);
        expect(Number(text.replace(/\./g, '').replace(',', '.'))).toBeCloseTo(cents / 100, 2);
        expect(text).toMatch(/^\d{1,3}(\.\d{3})*,\d{2}$/);
      }),
    );
  });
});
