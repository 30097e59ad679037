import type { ZipRangeCountry } from '../api/wire';

/**
 * Delivery zip-range matching (brake-shop spec sections 5 and 9): by numeric range, country
 * and language-domain combination. The blocked list is empty.
 */
/**
 * The ranges (section 9): Portugal's islands, to 9499999 for the Austrian and Dutch versions;
 * the Balearic Islands; Corsica. Served as /data/include/cms/delivery_zip_ranges.json.
 */
export const ZIP_RANGES: ZipRangeCountry[] = [
  {
    countryId: 'PT',
    items: [
      { from: '9000000', to: '9980999', zipcode: '1143020301', lang: ['it', 'pl', 'en', 'pt'] },
      { from: '9000000', to: '9499999', zipcode: '1143020301', lang: ['de-at', 'nl'] },
    ],
  },
  { countryId: 'ES', items: [{ from: '07000', to: '07999', zipcode: '1143020079', lang: ['it', 'pl', 'en', 'de-at', 'nl', 'es'] }] },
  { countryId: 'FR', items: [{ from: '20000', to: '20999', zipcode: '1143020077', lang: ['it', 'pl', 'en', 'de-at', 'nl', 'fr'] }] },
];

export const BLOCKED_ZIP_CODES: readonly string[] = [];

export interface ZipMatch {
  countryId: string;
  /** The delivery region id of the matching range. */
  zipcode: string;
}

export function matchZipRange(ranges: readonly ZipRangeCountry[], countryId: string, language: string, zip: string): ZipMatch | null {
  const digits = zip.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits) || BLOCKED_ZIP_CODES.includes(digits)) return null;
  const country = ranges.find((c) => c.countryId === countryId);
  if (!country) return null;
  for (const item of country.items) {
    if (!item.lang.includes(language)) continue;
    // Compare as numbers of the range's own width (07000 and 7000 are the same code).
    if (digits.length !== item.from.length) continue;
    const value = Number(digits);
    if (value >= Number(item.from) && value <= Number(item.to)) return { countryId, zipcode: item.zipcode };
  }
  return null;
}
