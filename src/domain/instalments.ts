import type { InstalmentParams, ProductType } from '../api/wire';

/**
 * The instalment calculator's rule (brake-shop spec, section 4): purchase by instalments is
 * allowed only between minPrice and maxPrice; the basket must not hold too many products, and
 * every product must allow instalments.
 */
export type InstalmentCheck = 'allowed' | 'belowMin' | 'aboveMax' | 'tooManyProducts' | 'notAllProducts';

/** Above this many products in the basket the instalment offer is not made. */
export const INSTALMENT_MAX_PRODUCTS = 20;

export interface InstalmentInput {
  /** The amount to pay in instalments. */
  price: number;
  basketCount: number;
  allProductsAllow: boolean;
}

export function instalmentCheck(input: InstalmentInput, params: Pick<InstalmentParams, 'minPrice' | 'maxPrice'>): InstalmentCheck {
  if (!input.allProductsAllow) return 'notAllProducts';
  if (input.basketCount > INSTALMENT_MAX_PRODUCTS) return 'tooManyProducts';
  if (input.price < params.minPrice) return 'belowMin';
  if (input.price > params.maxPrice) return 'aboveMax';
  return 'allowed';
}

/**
 * The amount in the terms the limits are set in (InstalmentParams.priceType): the gross amount
 * against gross limits, the net one against net limits, whatever prices the shop shows
 * (PRICE_TYPE). A net amount is never checked against gross limits (issue 34, point 17).
 */
export function amountInLimitTerms(amounts: { gross: number; net: number }, limitsType: InstalmentParams['priceType']): number {
  return limitsType === 'net' ? amounts.net : amounts.gross;
}

/** With an empty basket and a price in range, the instalment link is run directly. */
export function runsLinkDirectly(input: InstalmentInput, params: Pick<InstalmentParams, 'minPrice' | 'maxPrice'>): boolean {
  return input.basketCount === 0 && instalmentCheck(input, params) === 'allowed';
}

/**
 * Which products allow instalments (the demo shop's rule, ours): goods do; virtual products and
 * services (nothing delivered to finance) do not.
 */
export function allowsInstalments(productType: ProductType | string): boolean {
  return productType !== 'product_virtual' && productType !== 'product_service';
}

/** The demo shop sells in euro (the basket answer names no currency). */
export const SHOP_CURRENCY = 'EUR';

/** What the instalment request carries (brake-shop spec, section 4). */
export interface InstalmentRequest {
  currency: string;
  price: number;
  priceNet: number;
  basketCount: number;
  basketCost: number;
  basketCostNet: number;
}
