/**
 * Products of every kind the product-page spec names, at fixed ids so browser tests and
 * shoppers can open each one: /product-<id>-<slug>.html.
 */
export const SPECIAL_PRODUCTS = {
  unavailable: 1,
  orderUnknownDelivery: 2,
  phonePrice: 3,
  phonePriceBuyable: 4,
  pointsOnly: 5,
  gratis: 6,
  virtual: 7,
  service: 8,
  bundle: 9,
  subscription: 10,
  rebateTiers: 11,
  sellByHalf: 12,
  minMaxQuantity: 13,
  omnibusSrp: 14,
  multiSize: 15,
} as const;

export type SpecialProductKind = keyof typeof SPECIAL_PRODUCTS;

/** Regular generated products start here. */
export const FIRST_REGULAR_PRODUCT_ID = 100;
