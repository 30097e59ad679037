/**
 * The mini basket's display rule (brake-shop spec, sections 2 and 9): the panel lists its
 * products in full below the list threshold, switches to the compact list mode from 10
 * products, and hides the list above 22 (totals and the basket link only). An empty basket
 * has no panel.
 */
export const BASKET_LIST_MODE_FROM = 10;
export const BASKET_LIST_HIDDEN_ABOVE = 22;

/** Basket errors (add, remove) stay 4000 ms (brake-shop spec, sections 8 and 9). */
export const BASKET_ERROR_MS = 4000;

/** The quantity field goes back to 1 after a successful add (brake-shop spec, section 4). */
export const QUANTITY_AFTER_ADD = 1;

export type MiniBasketView = 'empty' | 'full' | 'list' | 'summary';

export function miniBasketView(productsCounter: number): MiniBasketView {
  if (!(productsCounter > 0)) return 'empty';
  if (productsCounter > BASKET_LIST_HIDDEN_ABOVE) return 'summary';
  if (productsCounter >= BASKET_LIST_MODE_FROM) return 'list';
  return 'full';
}

/**
 * When the mini basket may be shown (brake-shop spec, section 4, thresholds of section 9):
 * hidden when empty, hidden again above the hide threshold (22 products).
 */
export function miniBasketShowable(productsCounter: number): boolean {
  return productsCounter > 0 && productsCounter <= BASKET_LIST_HIDDEN_ABOVE;
}

/** The products reach the list threshold (10): the mini basket is shown without being asked. */
export function reachesListThreshold(before: number, after: number): boolean {
  return before < BASKET_LIST_MODE_FROM && after >= BASKET_LIST_MODE_FROM && miniBasketShowable(after);
}

/** One basket line's identity: product, size and variant hash. */
export function lineKey(line: { id: number; size: string; md5_additional?: string; additional?: string }): string {
  return `${line.id}|${line.size}|${line.md5_additional ?? line.additional ?? ''}`;
}

/**
 * What the shopper pays for the basket (issue 34, point 18): the goods' gross worth and the
 * shipping's gross cost, added in cents, the last line of the basket's totals.
 */
export function amountToPay(basket: { worth: number; shippingCost: number }): number {
  return (Math.round(basket.worth * 100) + Math.round(basket.shippingCost * 100)) / 100;
}
