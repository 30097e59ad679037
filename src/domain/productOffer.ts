import type { BundlePrice, ProductPageData, ProductType, SizeAvailability, SizePrices } from '../api/wire';
import type { InstalmentRequest } from './instalments';
import { showsShippingInfo } from './shippingTime';

/**
 * What the product page offers for the chosen size (storefront spec, sections 3 and 4): the
 * buy state of the product kind, which blocks show, and the price block read under the page's
 * price type (gross or net).
 */

/** The buy box's state once a size's data is known (the machine's states of the same names). */
export type BuyState = 'available' | 'unavailable' | 'phonePrice' | 'pointsOnly' | 'gratis';

export interface OfferInput {
  productType: ProductType;
  gratis: boolean;
  availability: Pick<SizeAvailability, 'status'>;
  prices: Pick<SizePrices, 'value' | 'points' | 'basket_enable'>;
  /** The size's `phone_price` flag (storefront spec, section 3): it decides the phone-price state. */
  phonePrice?: boolean;
}

/** A price of zero shows the phone-price text (brake-shop spec, section 5), wherever a price is shown. */
export function showsPhonePriceText(amount: number | null | undefined): boolean {
  return !(typeof amount === 'number' && amount > 0);
}

/** A price of zero is a phone price (the spec's "price of zero shows the phone-price text"). */
export function isPhonePrice(prices: Pick<SizePrices, 'value'>): boolean {
  return showsPhonePriceText(prices.value);
}

/**
 * The buy state: the size's `phone_price` flag decides the phone-price state when the size
 * data carries it; a size without the flag falls back to its price (zero is a phone price).
 */
export function buyStateOf({ gratis, availability, prices, phonePrice }: OfferInput): BuyState {
  if (gratis) return 'gratis';
  if (availability.status === 'disable') return 'unavailable';
  if (phonePrice ?? isPhonePrice(prices)) {
    if (prices.points > 0) return 'pointsOnly';
    return prices.basket_enable === 'y' ? 'available' : 'phonePrice';
  }
  return 'available';
}

/** Virtual and service products hide the stock amount and the shipping info. */
export function isPhysical(productType: ProductType): boolean {
  return productType !== 'product_virtual' && productType !== 'product_service';
}

/**
 * Whether a product's page may carry the shop's shipping promise (the snippet bar's "order by
 * 14:00, ships today"): some size of it ships in a known time. A product on order with an unknown
 * delivery, an unavailable one, a virtual or service product makes no such promise (issue 34, point 10).
 */
export function promisesShipping(product: Pick<ProductPageData, 'product_type' | 'sizes'>): boolean {
  const physical = isPhysical(product.product_type);
  return Object.values(product.sizes).some((size) => showsShippingInfo({ availability: size.availability, delivery: size.delivery, physical }));
}

/** A phone-price product that may still be bought (basket_enable y) shows a free label. */
export function showsFreeLabel(prices: Pick<SizePrices, 'value' | 'points' | 'basket_enable'>): boolean {
  return isPhonePrice(prices) && prices.points <= 0 && prices.basket_enable === 'y';
}

export type PriceType = ProductPageData['price_type'];

export interface PriceView {
  phonePrice: boolean;
  value: number;
  formatted: string;
  net: boolean;
  /** Crossed-out reference prices, only when above the price. */
  srp: string | null;
  maxprice: string | null;
  advance: string | null;
  yousave: { amount: number; percent: number } | null;
  points: number;
  pointsReceived: number;
}

export function priceView(prices: SizePrices, priceType: PriceType): PriceView {
  const net = priceType === 'net';
  const value = net ? prices.price_net : prices.value;
  const above = (amount: number, formatted: string) => (amount > value && value > 0 ? formatted : null);
  const yousave = net ? prices.yousave_net : prices.yousave;
  return {
    phonePrice: isPhonePrice(prices),
    value,
    formatted: net ? prices.price_net_formatted : prices.price_formatted,
    net,
    srp: net ? above(prices.srp_net, prices.srp_net_formatted) : above(prices.srp, prices.srp_formatted),
    maxprice: net ? above(prices.maxprice_net, prices.maxprice_net_formatted) : above(prices.maxprice, prices.maxprice_formatted),
    advance: prices.advanceprice > 0 ? prices.advanceprice_formatted : null,
    yousave: yousave > 0 && prices.yousave_percent > 0 ? { amount: yousave, percent: prices.yousave_percent } : null,
    points: prices.points,
    pointsReceived: prices.points_recive,
  };
}

/** Whether the page announces a reduction, when the lowest price of the last 30 days must show. */
export function hasReduction(view: PriceView): boolean {
  return !view.phonePrice && (view.srp !== null || view.maxprice !== null || view.yousave !== null);
}

export interface RebateStep {
  threshold: number;
  /** Unit price from this threshold on, under the page's price type. */
  price: number;
}

/** The quantity rebate steps (rebateNumber items), cheapest last. */
export function rebateSteps(prices: SizePrices, priceType: PriceType): RebateStep[] {
  const items = prices.rebateNumber?.items ?? [];
  return items
    .map((item) => ({ threshold: item.threshold, price: priceType === 'net' ? item.price_net : item.price }))
    .filter((step) => step.threshold > 0 && step.price > 0)
    .sort((a, b) => a.threshold - b.threshold);
}

/** The unit price a quantity gets: the highest reached rebate step, else the price. */
export function unitPriceAt(quantity: number, basePrice: number, steps: RebateStep[]): number {
  let price = basePrice;
  for (const step of steps) if (quantity >= step.threshold) price = step.price;
  return price;
}

/** "Buy {left} more and pay {price} each": the next step above the quantity, if any. */
export function nextRebate(quantity: number, steps: RebateStep[]): { left: number; price: number; threshold: number } | null {
  const next = steps.find((step) => step.threshold > quantity);
  return next ? { left: roundQuantity(next.threshold - quantity), price: next.price, threshold: next.threshold } : null;
}

function roundQuantity(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

/** Cents-exact line total (unit price x quantity), rounded half up to 2 decimals. */
export function lineTotal(unitPrice: number, quantity: number): number {
  return Math.round(unitPrice * 100 * quantity + 1e-6) / 100;
}

/** A bundle's saving against its parts bought alone, under the page's price type. */
export function bundleSaving(bundle: BundlePrice | undefined, priceType: PriceType): { amount: number; percent: number } | null {
  if (!bundle) return null;
  const amount = priceType === 'net' ? bundle.amount_diff_net : bundle.amount_diff_gross;
  return amount > 0 ? { amount, percent: bundle.percent_diff } : null;
}

/**
 * The availability text and icon the page shows for a size: a phone-price product shows its phone
 * texts, `status_description_tel` and `status_gfx_tel` (storefront spec, section 3), when the shop
 * gives them; every other product `status_description` and `status_gfx`.
 */
export function availabilityShown(availability: Pick<SizeAvailability, 'status_description' | 'status_gfx' | 'status_description_tel' | 'status_gfx_tel'>, phonePrice: boolean | undefined): { description: string; gfx: string } {
  if (phonePrice) return { description: availability.status_description_tel || availability.status_description, gfx: availability.status_gfx_tel || availability.status_gfx };
  return { description: availability.status_description, gfx: availability.status_gfx };
}

/**
 * What the product page's instalment calculator asks for (brake-shop spec, section 4) at this
 * quantity: the line's price under the page's price type (rebate tiers applied), its net price,
 * and the basket's count and worth; null when the size cannot be bought at a price (no offer
 * is made then). The browser's product saga asks with it, and the server draws a product page
 * with the answer to the same request, so the page opens without asking again.
 */
export function instalmentRequestOf(
  product: Pick<ProductPageData, 'product_type' | 'price_type' | 'currency'>,
  quantity: number,
  offer: { availability: SizeAvailability; prices: SizePrices },
  basket: { productsCounter: number; worth: number; worth_net: number } | null,
): InstalmentRequest | null {
  const buyable = buyStateOf({ productType: product.product_type, gratis: false, availability: offer.availability, prices: offer.prices }) === 'available';
  if (!buyable || !(offer.prices.value > 0)) return null;
  const gross = unitPriceAt(quantity, offer.prices.value, rebateSteps(offer.prices, 'gross'));
  const net = unitPriceAt(quantity, offer.prices.price_net, rebateSteps(offer.prices, 'net'));
  // price is the gross amount and priceNet the net one whatever the shop shows (PRICE_TYPE): the
  // server checks the one in its limits' terms (issue 34, point 17).
  return {
    currency: product.currency,
    price: lineTotal(gross, quantity),
    priceNet: lineTotal(net, quantity),
    basketCount: basket?.productsCounter ?? 0,
    basketCost: basket?.worth ?? 0,
    basketCostNet: basket?.worth_net ?? 0,
  };
}

/**
 * What the product XML (GET /projector.php?getProductXML=true, storefront spec section 7 call 7)
 * says of a product, read from the product page's own data, which the XML is written from: the
 * server draws a product page with it, so the page opens without asking for the XML.
 */
export function productXmlOf(product: Pick<ProductPageData, 'awardedParameters' | 'versionName' | 'sizes'>): { attributes: Array<{ id: string; name: string; values: string[] }>; versionName: string | null; sizes: Array<{ id: string; name: string; amount: number; status: string }> } {
  return {
    attributes: product.awardedParameters.map((parameter) => ({ id: String(parameter.id), name: parameter.name, values: parameter.values.map((value) => value.name) })),
    versionName: product.versionName,
    sizes: Object.values(product.sizes).map((size) => ({ id: size.type, name: size.name, amount: size.amount, status: size.availability.status })),
  };
}
