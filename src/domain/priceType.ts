import type { Money } from '../api/wire';

/**
 * Net versus gross (brake-shop spec section 6: "Net versus gross price display depends on a price
 * type setting"; storefront spec section 3: the page carries the price type flag; default gross).
 * Every place a price shows takes the one of the shop's type from what the answer carries.
 */
export type PriceType = 'gross' | 'net';

/** The price of the shop's type: the net one when the type is net and the answer has it, else gross. */
export function priceOfType<T extends Pick<Money, 'value' | 'formatted'>>(priceType: PriceType, gross: T, net: T | null | undefined): T {
  return priceType === 'net' && net ? net : gross;
}
