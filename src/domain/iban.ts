import { DELIVERY_COUNTRIES } from './deliveryRegion';

/**
 * The bank account check (storefront spec section 5: "invalid bank account format"; brake-shop
 * spec section 5: "Bank account has its own message"): an IBAN of a country the shop sells to,
 * in that country's length and shape (the SWIFT IBAN registry's BBAN format), with the ISO 13616
 * mod-97 checksum. The page checks it before sending and the server checks it again
 * (GET /ajax/validate.php?field=bank_account, POST /contact.php), with this one function.
 */

/** Each country's IBAN: letters after the country code and check digits (the BBAN), as a pattern. */
export const IBAN_FORMATS: Readonly<Record<string, { length: number; bban: RegExp }>> = {
  // The delivery countries (the basket's shipping estimate, src/domain/deliveryRegion.ts).
  IT: { length: 27, bban: /^[A-Z]\d{10}[0-9A-Z]{12}$/ },
  ES: { length: 24, bban: /^\d{20}$/ },
  FR: { length: 27, bban: /^\d{10}[0-9A-Z]{11}\d{2}$/ },
  PT: { length: 25, bban: /^\d{21}$/ },
  // The United Kingdom, Jersey, Guernsey and the Isle of Man (region 1143020218) bank with GB IBANs.
  GB: { length: 22, bban: /^[A-Z]{4}\d{14}$/ },
  // The shop's other versions: Polish (pl), Austrian (de-at) and Dutch (nl) (zip ranges, section 9).
  PL: { length: 28, bban: /^\d{24}$/ },
  AT: { length: 20, bban: /^\d{16}$/ },
  NL: { length: 18, bban: /^[A-Z]{4}\d{10}$/ },
};

/** The countries whose IBANs the shop accepts: every one it sells to. */
export const IBAN_COUNTRIES: readonly string[] = [...new Set([...DELIVERY_COUNTRIES, ...Object.keys(IBAN_FORMATS)])];

/** The IBAN as written without spaces, upper case (what the shop stores). */
export function compactIban(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

/** ISO 13616 / ISO 7064 mod 97-10: the country and check digits moved to the end, letters as 10..35, the number mod 97 is 1. */
export function ibanChecksumValid(iban: string): boolean {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of moved) {
    const code = char.charCodeAt(0);
    const digits = code >= 65 && code <= 90 ? String(code - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

export type IbanProblem = 'format' | 'country' | 'length' | 'checksum';

/** Why the value is no IBAN the shop accepts, or null when it is one. */
export function ibanProblem(value: string): IbanProblem | null {
  const iban = compactIban(value);
  if (!/^[A-Z]{2}\d{2}[0-9A-Z]+$/.test(iban)) return 'format';
  const format = IBAN_FORMATS[iban.slice(0, 2)];
  if (!format || !IBAN_COUNTRIES.includes(iban.slice(0, 2))) return 'country';
  if (iban.length !== format.length || !format.bban.test(iban.slice(4))) return 'length';
  return ibanChecksumValid(iban) ? null : 'checksum';
}

export function isValidIban(value: string): boolean {
  return ibanProblem(value) === null;
}
