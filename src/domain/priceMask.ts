/**
 * The price mask (spec: "grouped, 2 decimals, using the site's separators"). One function for
 * the server's `*_formatted` strings and the storefront's own formatting.
 */
export interface PriceMask {
  decimals: number;
  grouped: boolean;
  decimalSeparator: string;
  thousandsSeparator: string;
  currencySymbol: string;
  symbolAfter: boolean;
}

/** The Italian shop's mask: 1.234,50 € */
export const DEFAULT_PRICE_MASK: PriceMask = {
  decimals: 2,
  grouped: true,
  decimalSeparator: ',',
  thousandsSeparator: '.',
  currencySymbol: '€',
  symbolAfter: true,
};

export function formatAmount(value: number, mask: PriceMask = DEFAULT_PRICE_MASK): string {
  const negative = value < 0;
  const fixed = Math.abs(value).toFixed(mask.decimals);
  const [whole, fraction] = fixed.split('.');
  const grouped = mask.grouped ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, mask.thousandsSeparator) : whole;
  return (negative ? '-' : '') + grouped + (fraction ? mask.decimalSeparator + fraction : '');
}

export function formatPrice(value: number, mask: PriceMask = DEFAULT_PRICE_MASK): string {
  const amount = formatAmount(value, mask);
  // A non-breaking space keeps amount and symbol on one line.
  return mask.symbolAfter ? `${amount}\u00a0${mask.currencySymbol}` : `${mask.currencySymbol}\u00a0${amount}`;
}
