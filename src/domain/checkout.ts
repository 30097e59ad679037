import type { CheckoutDetails, CheckoutFieldErrors, PaymentId } from '../api/checkoutWire';
import type { ZipRangeCountry } from '../api/wire';
import { DELIVERY_COUNTRIES, deliveryRegion, type DeliveryRegion } from './deliveryRegion';
import { firstErrorField, validateForm, type FormFieldSpec, type FormFieldValue } from './formRules';
import { instalmentCheck, type InstalmentInput } from './instalments';
import type { InstalmentParams } from '../api/wire';

/**
 * The checkout's rules (issue 32), the same on the page and on the server: the spec's field rules
 * (brake-shop spec section 5: required fields, the e-mail pattern, a phone of 9 digits, minimum
 * and maximum lengths, the terms checkbox), the delivery postcode by region (storefront spec
 * section 5, the zip ranges of section 9), the VAT number's national checksum, and which payments
 * a courier's group and the amount allow (cash on delivery only with a pay-on-delivery courier;
 * instalments only between their minimum and maximum).
 */
export const CHECKOUT_FIELDS: readonly FormFieldSpec[] = [
  { name: 'email', kind: 'email', required: true, validate: true, maxlength: 120 },
  { name: 'phone', kind: 'phone', required: true, validate: true, maxlength: 20 },
  { name: 'name', kind: 'text', required: true, validate: true, minlength: 3, maxlength: 80 },
  { name: 'street', kind: 'text', required: true, validate: true, minlength: 3, maxlength: 120 },
  { name: 'postcode', kind: 'text', required: true, validate: true, maxlength: 10 },
  { name: 'city', kind: 'text', required: true, validate: true, minlength: 2, maxlength: 80 },
  { name: 'country', kind: 'text', required: true },
  { name: 'company', kind: 'text', validate: true, maxlength: 120 },
  { name: 'vat_number', kind: 'text', validate: true, maxlength: 20 },
  { name: 'terms', kind: 'terms' },
];

/** The order of the checkout's fields and choices on the page (where focus goes for the first error). */
export const CHECKOUT_FIELD_ORDER: readonly string[] = [...CHECKOUT_FIELDS.filter((f) => f.name !== 'terms').map((f) => f.name), 'courier', 'payment', 'fit_confirmed', 'terms'];

/** The browser's autofill names, so a phone fills the details in one tap. */
export const CHECKOUT_AUTOCOMPLETE: Record<keyof Omit<CheckoutDetails, 'terms'>, string> = {
  email: 'email',
  phone: 'tel',
  name: 'name',
  street: 'street-address',
  postcode: 'postal-code',
  city: 'address-level2',
  country: 'country',
  company: 'organization',
  vat_number: 'off',
};

export const EMPTY_DETAILS: CheckoutDetails = { email: '', phone: '', name: '', street: '', postcode: '', city: '', country: 'IT', company: '', vat_number: '', terms: '' };

/** Control characters (line breaks included) have no place in a one-line field. */
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A VAT number: the Italian partita IVA (11 digits, Luhn-style check digit) and the Polish NIP (10 digits, weighted mod 11); others by their form. */
export function vatNumberValid(country: string, raw: string): boolean {
  const value = raw.replace(/[\s.-]/g, '').toUpperCase();
  const prefixed = /^([A-Z]{2})(.+)$/.exec(value);
  const nation = prefixed ? prefixed[1] : country;
  const digits = prefixed ? prefixed[2] : value;
  if (nation === 'IT') {
    if (!/^\d{11}$/.test(digits)) return false;
    let sum = 0;
    for (let i = 0; i < 10; i++) {
      const d = Number(digits[i]);
      if (i % 2 === 0) sum += d;
      else sum += d * 2 > 9 ? d * 2 - 9 : d * 2;
    }
    return (10 - (sum % 10)) % 10 === Number(digits[10]);
  }
  if (nation === 'PL') {
    if (!/^\d{10}$/.test(digits)) return false;
    const weights = [6, 5, 7, 2, 3, 4, 5, 6, 7];
    const sum = weights.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
    return sum % 11 !== 10 && sum % 11 === Number(digits[9]);
  }
  return /^[A-Z0-9]{8,14}$/.test(digits);
}

/** The delivery region of the shopper's address (postcode rules by region; the zip ranges' islands). */
export function checkoutRegion(ranges: readonly ZipRangeCountry[], details: Pick<CheckoutDetails, 'country' | 'postcode'>, language: string): DeliveryRegion {
  return deliveryRegion(ranges, details.country, language, details.postcode);
}

/**
 * The details' errors, in form order: the spec's field rules, then the country, the postcode (its
 * country's form, refused by its region), the VAT number. Keys are the catalogues' message keys.
 */
export function detailsErrors(details: CheckoutDetails, ranges: readonly ZipRangeCountry[], language: string): CheckoutFieldErrors {
  const fields: FormFieldValue[] = CHECKOUT_FIELDS.map((spec) => ({ ...spec, value: details[spec.name as keyof CheckoutDetails] ?? '', checked: details.terms === '1' }));
  const errors: CheckoutFieldErrors = { ...validateForm(fields) };
  for (const spec of CHECKOUT_FIELDS) {
    if (!errors[spec.name] && CONTROL.test(details[spec.name as keyof CheckoutDetails] ?? '')) errors[spec.name] = { key: 'checkout.errors.oneLine' };
  }
  if (!errors.country && !DELIVERY_COUNTRIES.includes(details.country)) errors.country = { key: 'checkout.errors.country' };
  if (!errors.postcode && !errors.country) {
    const region = checkoutRegion(ranges, details, language);
    if (region.kind === 'invalid') errors.postcode = { key: 'checkout.errors.postcode' };
    if (region.kind === 'refused') errors.postcode = { key: 'checkout.errors.postcodeRefused' };
  }
  if (!errors.vat_number && details.vat_number.trim() && !vatNumberValid(details.country, details.vat_number)) errors.vat_number = { key: 'checkout.errors.vatNumber' };
  if (!errors.company && details.vat_number.trim() && !details.company.trim()) errors.company = { key: 'form.required' };
  return orderErrors(errors);
}

/** The same errors in the page's field order (the first is where the page scrolls). */
export function orderErrors(errors: CheckoutFieldErrors): CheckoutFieldErrors {
  const ordered: CheckoutFieldErrors = {};
  for (const name of CHECKOUT_FIELD_ORDER) if (errors[name]) ordered[name] = errors[name];
  for (const name of Object.keys(errors)) if (!ordered[name]) ordered[name] = errors[name];
  return ordered;
}

export function firstCheckoutError(errors: CheckoutFieldErrors): string | null {
  return firstErrorField(CHECKOUT_FIELD_ORDER, errors as Record<string, { key: string }>) ?? Object.keys(errors)[0] ?? null;
}

/**
 * The payments a courier's group allows for this basket: a bank transfer always; cash on delivery
 * only with a pay-on-delivery courier (and then only it or a transfer); instalments only when the
 * instalment rules allow the amount (between their minimum and maximum, every product allowing them).
 */
export function paymentsFor(group: 'prepaid' | 'dvp', instalments: InstalmentInput, params: Pick<InstalmentParams, 'minPrice' | 'maxPrice'> | null): PaymentId[] {
  if (group === 'dvp') return ['cod'];
  const payments: PaymentId[] = ['transfer'];
  if (params && instalmentCheck(instalments, params) === 'allowed') payments.push('instalments');
  return payments;
}

/** Every field of the form, trimmed, bounded (the server reads nothing longer). */
export function readCheckoutDetails(source: Record<string, unknown>): CheckoutDetails {
  const text = (name: string, max = 200) => {
    const value = source[name];
    return typeof value === 'string' ? value.trim().slice(0, max) : '';
  };
  return {
    email: text('email'),
    phone: text('phone'),
    name: text('name'),
    street: text('street'),
    postcode: text('postcode', 20).toUpperCase(),
    city: text('city'),
    country: text('country', 2).toUpperCase() || 'IT',
    company: text('company'),
    vat_number: text('vat_number', 30),
    terms: text('terms', 2) === '1' || text('terms', 2) === 'on' ? '1' : '',
  };
}
