import type { ZipRangeCountry } from '../api/wire';
import { postcodeRejected } from './postcode';
import { matchZipRange } from './zipRanges';

/**
 * Where an order goes, from the shopper's country and postcode (the basket page's shipping
 * estimate): the zip ranges single out remote areas (islands) with their own region id;
 * otherwise the country's region. Each region may refuse some postcodes.
 */
export const COUNTRY_REGIONS: Record<string, string> = {
  IT: '1143020220',
  ES: '1143020075',
  FR: '1143020076',
  PT: '1143020300',
  GB: '1143020218',
};

export const DELIVERY_COUNTRIES = Object.keys(COUNTRY_REGIONS);

export type DeliveryRegion =
  | { kind: 'invalid' }
  | { kind: 'refused'; region: string }
  | { kind: 'remote'; region: string }
  | { kind: 'mainland'; region: string };

/** Postcodes as each country writes them. */
const POSTCODE_PATTERNS: Record<string, RegExp> = {
  IT: /^\d{5}$/,
  ES: /^\d{5}$/,
  FR: /^\d{5}$/,
  PT: /^\d{4}-?\d{3}$/,
  GB: /^[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}$/i,
};

export function deliveryRegion(ranges: readonly ZipRangeCountry[], country: string, language: string, postcode: string): DeliveryRegion {
  const region = COUNTRY_REGIONS[country];
  const code = postcode.trim().toUpperCase();
  if (!region || !POSTCODE_PATTERNS[country]?.test(code)) return { kind: 'invalid' };
  if (postcodeRejected(region, code)) return { kind: 'refused', region };
  const remote = matchZipRange(ranges, country, language, code.replace('-', ''));
  if (remote) return postcodeRejected(remote.zipcode, code) ? { kind: 'refused', region: remote.zipcode } : { kind: 'remote', region: remote.zipcode };
  return { kind: 'mainland', region };
}
