import fc from 'fast-check';
import { CHECKOUT_FIELD_ORDER, detailsErrors, EMPTY_DETAILS, firstCheckoutError, paymentsFor, readCheckoutDetails, vatNumberValid } from '../../../src/domain/checkout';
import { ZIP_RANGES } from '../../../src/domain/zipRanges';
import type { CheckoutDetails } from '../../../src/api/checkoutWire';

/** The checkout's rules (issue 32), as the brake-shop spec's section 5 words them, on the page and on the server alike. */
const GOOD: CheckoutDetails = { ...EMPTY_DETAILS, email: 'anna.rossi@example.com', phone: '+39 333 123 4567', name: 'Anna Rossi', street: 'Via Roma 1', postcode: '20121', city: 'Milano', country: 'IT', terms: '1' };

describe('checkout details', () => {
  it('a complete form has no errors', () => {
    expect(detailsErrors(GOOD, ZIP_RANGES, 'it')).toEqual({});
  });

  it('required fields: an empty one shows the required message; the terms checkbox is required', () => {
    const errors = detailsErrors({ ...EMPTY_DETAILS }, ZIP_RANGES, 'it');
    for (const name of ['email', 'phone', 'name', 'street', 'postcode', 'city']) expect(errors[name]).toEqual({ key: 'form.required' });
    expect(errors.terms).toEqual({ key: 'form.terms' });
    expect(errors.company).toBeUndefined();
  });

  it('the e-mail pattern, a phone of at least 9 digits, minimum and maximum lengths', () => {
    const errors = detailsErrors({ ...GOOD, email: 'anna@example', phone: '12 345 678', name: 'Al', city: 'x'.repeat(81) }, ZIP_RANGES, 'it');
    expect(errors.email).toEqual({ key: 'form.email' });
    expect(errors.phone).toEqual({ key: 'form.phone', values: { n: 9 } });
    expect(errors.name).toEqual({ key: 'form.minLength', values: { n: 3 } });
    expect(errors.city).toEqual({ key: 'form.maxLength', values: { n: 80 } });
    expect(detailsErrors({ ...GOOD, phone: '333 123 456' }, ZIP_RANGES, 'it').phone).toBeUndefined();
  });

  it('the delivery postcode by region: 1143020075 (Spain) refuses 35000-35999; Italy 23010-23100', () => {
    expect(detailsErrors({ ...GOOD, country: 'ES', postcode: '35200' }, ZIP_RANGES, 'it').postcode).toEqual({ key: 'checkout.errors.postcodeRefused' });
    expect(detailsErrors({ ...GOOD, country: 'ES', postcode: '28001' }, ZIP_RANGES, 'it').postcode).toBeUndefined();
    expect(detailsErrors({ ...GOOD, postcode: '23050' }, ZIP_RANGES, 'it').postcode).toEqual({ key: 'checkout.errors.postcodeRefused' });
    expect(detailsErrors({ ...GOOD, postcode: '2012' }, ZIP_RANGES, 'it').postcode).toEqual({ key: 'checkout.errors.postcode' });
    expect(detailsErrors({ ...GOOD, country: 'GB', postcode: 'JE2 3AB' }, ZIP_RANGES, 'it').postcode).toEqual({ key: 'checkout.errors.postcodeRefused' });
    expect(detailsErrors({ ...GOOD, country: 'DE' }, ZIP_RANGES, 'it').country).toEqual({ key: 'checkout.errors.country' });
  });

  it('one-line fields refuse line breaks and control characters', () => {
    expect(detailsErrors({ ...GOOD, name: 'Anna\r\nBcc: x@y.z' }, ZIP_RANGES, 'it').name).toEqual({ key: 'checkout.errors.oneLine' });
  });

  it('errors come in the page order; the first is where the page scrolls', () => {
    const errors = detailsErrors({ ...EMPTY_DETAILS }, ZIP_RANGES, 'it');
    expect(Object.keys(errors)).toEqual(CHECKOUT_FIELD_ORDER.filter((name) => name in errors));
    expect(firstCheckoutError(errors)).toBe('email');
  });

  it('a posted form is trimmed and bounded; unknown fields are not read', () => {
    const read = readCheckoutDetails({ email: '  a@b.it ', name: 'x'.repeat(5000), postcode: ' 20121 ', terms: 'on', admin: '1' });
    expect(read.email).toBe('a@b.it');
    expect(read.name).toHaveLength(200);
    expect(read.terms).toBe('1');
    expect(read).not.toHaveProperty('admin');
  });
});

describe('VAT numbers', () => {
  it('Italian partita IVA and Polish NIP by their national checksum', () => {
    expect(vatNumberValid('IT', '07643520567')).toBe(true);
    expect(vatNumberValid('IT', 'IT07643520567')).toBe(true);
    expect(vatNumberValid('IT', '07643520568')).toBe(false);
    expect(vatNumberValid('PL', '526-025-09-95')).toBe(true);
    expect(vatNumberValid('IT', 'PL5260250995')).toBe(true);
    expect(vatNumberValid('PL', '5260250994')).toBe(false);
  });

  it('changing any one digit of a valid Italian or Polish number makes it invalid', () => {
    fc.assert(
      fc.property(fc.constantFrom(['IT', '07643520567'], ['IT', '00743110157'], ['PL', '5260250995']), fc.nat(), fc.integer({ min: 1, max: 9 }), ([country, number], at, add) => {
        const index = at % number.length;
        const changed = number.slice(0, index) + String((Number(number[index]) + add) % 10) + number.slice(index + 1);
        return !vatNumberValid(country, changed);
      }),
    );
  });
});

describe('payments', () => {
  const limits = { minPrice: 100, maxPrice: 5000 };
  const basket = (price: number) => ({ price, basketCount: 1, allProductsAllow: true });
  it('cash on delivery only with a pay-on-delivery courier (and then only it)', () => {
    expect(paymentsFor('dvp', basket(300), limits)).toEqual(['cod']);
    expect(paymentsFor('prepaid', basket(300), limits)).not.toContain('cod');
  });
  it('instalments only between their minimum and maximum, and when every product allows them', () => {
    expect(paymentsFor('prepaid', basket(99.99), limits)).toEqual(['transfer']);
    expect(paymentsFor('prepaid', basket(100), limits)).toEqual(['transfer', 'instalments']);
    expect(paymentsFor('prepaid', basket(5000), limits)).toEqual(['transfer', 'instalments']);
    expect(paymentsFor('prepaid', basket(5000.01), limits)).toEqual(['transfer']);
    expect(paymentsFor('prepaid', { ...basket(300), allProductsAllow: false }, limits)).toEqual(['transfer']);
    expect(paymentsFor('prepaid', basket(300), null)).toEqual(['transfer']);
  });
});
