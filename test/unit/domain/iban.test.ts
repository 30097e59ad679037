import { DELIVERY_COUNTRIES } from '../../../src/domain/deliveryRegion';
import { compactIban, IBAN_COUNTRIES, IBAN_FORMATS, ibanChecksumValid, ibanProblem, isValidIban } from '../../../src/domain/iban';
import { validateFieldValue } from '../../../src/domain/fieldValidation';

/** Issue 23, point 14: the bank account check accepts every country the shop sells to, with mod-97. */
describe('IBAN check', () => {
  const samples: Record<string, string> = {
    IT: 'IT60 X054 2811 1010 0000 0123 456',
    ES: 'ES91 2100 0418 4502 0005 1332',
    FR: 'FR14 2004 1010 0505 0001 3M02 606',
    PT: 'PT50 0002 0123 1234 5678 9015 4',
    GB: 'GB29 NWBK 6016 1331 9268 19',
    PL: 'PL61 1090 1014 0000 0712 1981 2874',
    AT: 'AT61 1904 3002 3457 3201',
    NL: 'NL91 ABNA 0417 1643 00',
  };

  it('knows the shape of every country the shop delivers to', () => {
    for (const country of DELIVERY_COUNTRIES) expect(IBAN_FORMATS[country]).toBeDefined();
    expect([...IBAN_COUNTRIES].sort()).toEqual(Object.keys(samples).sort());
  });

  it.each(Object.entries(samples))('accepts a real IBAN of %s, with or without spaces, any case', (_country, iban) => {
    expect(isValidIban(iban)).toBe(true);
    expect(isValidIban(compactIban(iban).toLowerCase())).toBe(true);
    expect(validateFieldValue({ kind: 'iban', value: iban })).toBeNull();
  });

  it('refuses a changed digit, a wrong length, another country, letters for digits', () => {
    expect(ibanProblem('IT60 X054 2811 1010 0000 0123 457')).toBe('checksum');
    expect(ibanProblem('PL61 1090 1014 0000 0712 1981 2847')).toBe('checksum');
    expect(ibanProblem('ES91 2100 0418 4502 0005 133')).toBe('length');
    expect(ibanProblem('DE89 3704 0044 0532 0130 00')).toBe('country');
    expect(ibanProblem('PL61 1090 1014 0000 0712 1981 287A')).toBe('length');
    expect(ibanProblem('12345')).toBe('format');
    expect(validateFieldValue({ kind: 'iban', value: 'IT60 X054 2811 1010 0000 0123 457' })).toEqual({ key: 'form.bankAccount' });
    // Empty and optional: nothing to check.
    expect(validateFieldValue({ kind: 'iban', value: '' })).toBeNull();
  });

  it('is the ISO 7064 mod 97-10 checksum', () => {
    expect(ibanChecksumValid('GB82WEST12345698765432')).toBe(true);
    expect(ibanChecksumValid('GB82WEST12345698765433')).toBe(false);
  });
});
