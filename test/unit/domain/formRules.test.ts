import fc from 'fast-check';
import { bannerCookieName, bannerDismissCookie, BANNER_COOKIE_DAYS, dismissedBanners } from '../../../src/domain/banners';
import { CONTACT_FIELDS, isContactSubject } from '../../../src/domain/contactForm';
import { ERROR_SCROLL_MS, firstErrorField, formValues, sendRefusalErrors, serverCheckError, serverChecks, validateForm, type FormFieldValue } from '../../../src/domain/formRules';
import { typeAheadIndex } from '../../../src/domain/typeAhead';

const contact = (values: Record<string, string>): FormFieldValue[] => CONTACT_FIELDS.map((spec) => ({ ...spec, value: values[spec.name] ?? '', checked: values[spec.name] === '1' }));

describe('form rules', () => {
  it('the error scroll lasts 300 ms', () => expect(ERROR_SCROLL_MS).toBe(300));

  it('an empty contact form shows the required message on each required field and the terms message', () => {
    const errors = validateForm(contact({}));
    expect(errors).toEqual({ name: { key: 'form.required' }, contact: { key: 'form.required' }, message: { key: 'form.required' }, terms: { key: 'form.terms' } });
    expect(firstErrorField(CONTACT_FIELDS.map((f) => f.name), errors)).toBe('name');
  });

  it('checks the message length (10 to 2000) and the phone-or-email field', () => {
    const base = { name: 'Mario', contact: '333 1234567', message: 'x'.repeat(10), terms: '1' };
    expect(validateForm(contact(base))).toEqual({});
    expect(validateForm(contact({ ...base, message: 'x'.repeat(9) })).message).toEqual({ key: 'form.minLength', values: { n: 10 } });
    expect(validateForm(contact({ ...base, message: 'x'.repeat(2001) })).message).toEqual({ key: 'form.maxLength', values: { n: 2000 } });
    expect(validateForm(contact({ ...base, contact: '12345678' })).contact).toEqual({ key: 'form.phone', values: { n: 9 } });
    expect(validateForm(contact({ ...base, contact: 'mario@' })).contact).toEqual({ key: 'form.email' });
  });

  it('asks the server only about filled fields that passed the local rules', () => {
    const fields = contact({ iban: ' IT60X0542811101000000123456 ' });
    expect(serverChecks(fields, {})).toEqual([{ name: 'iban', field: 'bank_account', value: 'IT60X0542811101000000123456' }]);
    expect(serverChecks(fields, { iban: { key: 'form.maxLength' } })).toEqual([]);
    expect(serverChecks(contact({}), {})).toEqual([]);
  });

  it('gives the bank account its own message, and each server check one', () => {
    expect(serverCheckError('bank_account')).toEqual({ key: 'form.bankAccount' });
    expect(serverCheckError('email')).toEqual({ key: 'form.email' });
    expect(serverCheckError('phone')).toEqual({ key: 'form.phone', values: { n: 9 } });
    expect(serverCheckError('zipcode')).toEqual({ key: 'forms.zipcode' });
  });

  it('sends trimmed values, checkboxes as 1 or empty', () => {
    expect(formValues(contact({ name: ' Mario ', terms: '1' }))).toMatchObject({ name: 'Mario', terms: '1', iban: '' });
    expect(formValues(contact({})).terms).toBe('');
  });

  it('reads a refusal code as the field it names', () => {
    expect(sendRefusalErrors('missing_name')).toEqual({ name: { key: 'form.required' } });
    expect(sendRefusalErrors('invalid_iban')).toEqual({ iban: { key: 'form.bankAccount' } });
    expect(sendRefusalErrors('invalid_message')).toEqual({ message: { key: 'forms.invalid' } });
    expect(sendRefusalErrors('terms_not_accepted')).toEqual({ terms: { key: 'form.terms' } });
    expect(sendRefusalErrors('invalid_parameter')).toBeNull();
    expect(sendRefusalErrors('foreign_origin')).toBeNull();
    expect(sendRefusalErrors(undefined)).toBeNull();
  });

  it('knows the contact subjects', () => {
    expect(isContactSubject('return')).toBe(true);
    expect(isContactSubject('spam')).toBe(false);
  });
});

describe('banner dismissal', () => {
  it('lasts 1 day by default', () => {
    expect(BANNER_COOKIE_DAYS).toBe(1);
    expect(bannerDismissCookie('discount_code', false)).toBe('shop_banner_discount_code=1; Max-Age=86400; Path=/; SameSite=Lax');
    expect(bannerDismissCookie('free_shipping', true, 2)).toBe('shop_banner_free_shipping=1; Max-Age=172800; Path=/; SameSite=Lax; Secure');
  });

  it('reads the dismissed banners from the cookie text', () => {
    expect(dismissedBanners('')).toEqual([]);
    expect(dismissedBanners(`a=1; ${bannerCookieName('free_shipping')}=1`)).toEqual(['free_shipping']);
    expect(dismissedBanners('xshop_banner_discount_code=1')).toEqual([]);
  });
});

describe('type-ahead', () => {
  const labels = ['Scelta del ricambio', 'Il mio ordine', 'Reso e rimborso', 'Altro', 'Ricambi usati'];

  it('jumps to the option that starts with the typed text', () => {
    expect(typeAheadIndex(labels, 0, 'a')).toBe(3);
    expect(typeAheadIndex(labels, 0, 'RES')).toBe(2);
    expect(typeAheadIndex(labels, 0, 'z')).toBe(-1);
  });

  it('cycles through the options with one letter typed again', () => {
    expect(typeAheadIndex(labels, 0, 'r')).toBe(2);
    expect(typeAheadIndex(labels, 2, 'r')).toBe(4);
    expect(typeAheadIndex(labels, 4, 'rr')).toBe(2);
  });

  it('always answers an index of a matching option, or -1', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 8 }), fc.integer({ min: -1, max: 10 }), fc.string({ minLength: 1, maxLength: 3 }), (list, current, search) => {
        const index = typeAheadIndex(list, current, search);
        if (index === -1) return true;
        return index >= 0 && index < list.length && list[index].toLocaleLowerCase().startsWith(search.toLocaleLowerCase()[0]);
      }),
    );
  });
});
