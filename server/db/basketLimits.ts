import { SUBSCRIPTION_ADDITIONAL } from '../../src/api/wire';
import { quantityAllowed, quantityBounds, roundTo, type QuantityRules } from '../../src/domain/quantity';
import type { BasketChange, BasketChangeResult } from './repository';

/**
 * The basket's limits, decided in one pure function that every storage backend calls inside the
 * transaction of its write (SQLite: an immediate transaction; PostgreSQL: with the visitor's
 * lines locked). Whatever way a product is added (product page, lists, finder, GraphQL, the
 * basket page's quantity), the same rules hold:
 *
 * - the quantity is a finite number, on the product's sell-by step and unit precision, at least
 *   the line's minimum;
 * - the per-order maximum (`max_quantity_per_order`) holds for the product's WHOLE quantity in
 *   the basket (every size and variant of it); the size's maximum (`max_size_quantity_per_order`)
 *   and its stock hold for every line of that size (a subscription line shares the size's stock);
 * - no product exceeds `BASKET_LIMITS.maxQuantityPerProduct`, no basket holds more than
 *   `BASKET_LIMITS.maxLines` lines;
 * - only variant keys (`additional`) the server issues are accepted: '' and the subscription's.
 */
export const BASKET_LIMITS = {
  /** Lines (product, size, variant) in one basket. */
  maxLines: 100,
  /** Units of one product in a basket when nothing lower caps it. */
  maxQuantityPerProduct: 10_000,
} as const;

/** The variant keys the server issues: a plain line, and a subscription line (ours). */
export const ISSUED_VARIANTS: ReadonlySet<string> = new Set(['', SUBSCRIPTION_ADDITIONAL]);

/** What the decision reads of the product (the products table's columns). */
export interface LimitProduct {
  unit: string;
  unit_plural: string;
  unit_sellby: number;
  unit_precision: number;
  min_quantity: number | null;
  max_quantity: number | null;
  min_size_quantity: number | null;
  max_size_quantity: number | null;
  min_subscription_quantity: number | null;
  subscription: number | boolean;
  gratis: number | boolean;
  phone_price: number | boolean;
}

/** What the decision reads of the chosen size (the sizes table's columns). */
export interface LimitSize {
  size_id: string;
  /** -1 unlimited. */
  stock: number;
  status: string;
  points: number;
  basket_enable: number | boolean;
  subscription_gross: number | null;
}

/**
 * The quantity rules' columns as the database stores them (flags as 0 / 1): what the checkout
 * reads (server/orders/quote.ts, server/orders/tables.ts) to decide with decideBasketChange.
 */
export type StoredLimitProduct = Omit<LimitProduct, 'subscription' | 'gratis' | 'phone_price'> & { subscription: number; gratis: number; phone_price: number };
export type StoredLimitSize = Omit<LimitSize, 'basket_enable'> & { basket_enable: number };

/** A line of the product already in the basket. */
export interface LimitLine {
  sizeId: string;
  additional: string;
  count: number;
}

export interface BasketLimitInput {
  product: LimitProduct | null;
  size: LimitSize | null;
  /** Every line of this product in the visitor's basket (all sizes and variants). */
  productLines: readonly LimitLine[];
  /** How many lines the visitor's basket holds (all products). */
  basketLines: number;
  change: BasketChange;
}

/** What to write: the line's new count (0: delete the line). */
export type BasketVerdict = { ok: true; count: number } | Extract<BasketChangeResult, { ok: false }>;

/** A refusal: a stable code the page words in the shopper's language (with `params`), and the server's own Italian sentence. */
const refuse = (status: 404 | 409 | 422, code: string, message: string, params?: Record<string, string | number>): BasketVerdict => ({ ok: false, status, code, message, ...(params ? { params } : {}) });
const sum = (lines: readonly LimitLine[]) => lines.reduce((total, line) => total + line.count, 0);

/** The quantity rules of one line on its own (step, precision, minimum, the line's own maximum). */
export function lineRules(product: LimitProduct, size: Pick<LimitSize, 'stock' | 'status'>): QuantityRules {
  return quantityBounds({
    unit_sellby: product.unit_sellby,
    unit_precision: product.unit_precision,
    // Sold on order: not capped by stock.
    // The size's stock caps the quantity, sold on order too (storefront spec, section 5).
    stock: size.stock,
    order_quantity_range: {
      min_quantity_per_order: product.min_quantity,
      max_quantity_per_order: product.max_quantity,
      min_size_quantity_per_order: product.min_size_quantity,
      max_size_quantity_per_order: product.max_size_quantity,
      minimum_quantity_subscription: product.min_subscription_quantity,
    },
  });
}

/**
 * The most a line may hold given the product's other lines in the basket: the per-order
 * maximum less the product's other lines, the size's maximum and stock less the size's other
 * lines, the absolute cap less the product's other lines; on the step.
 */
export function lineMaximum(product: LimitProduct, size: Pick<LimitSize, 'size_id' | 'stock' | 'status'>, otherLines: readonly LimitLine[], rules: QuantityRules): number {
  const productOthers = sum(otherLines);
  const sizeOthers = sum(otherLines.filter((line) => line.sizeId === size.size_id));
  const caps = [BASKET_LIMITS.maxQuantityPerProduct - productOthers];
  if (product.max_quantity !== null && product.max_quantity > 0) caps.push(product.max_quantity - productOthers);
  if (product.max_size_quantity !== null && product.max_size_quantity > 0) caps.push(product.max_size_quantity - sizeOthers);
  if (size.stock !== -1) caps.push(Math.max(size.stock, 0) - sizeOthers);
  const cap = Math.max(0, Math.min(...caps));
  const stepped = roundTo(Math.floor(roundTo(cap / rules.step, 6)) * rules.step, rules.precision);
  return Math.min(stepped, rules.max);
}

/** The server's verdict on a basket change: what to write, or the spec's refusal. */
export function decideBasketChange({ product, size, productLines, basketLines, change }: BasketLimitInput): BasketVerdict {
  if (!product) return refuse(404, 'product_not_found', 'Prodotto non trovato');
  if (!size) return refuse(404, 'size_not_found', 'Taglia non trovata per questo prodotto');
  const sameLine = (line: LimitLine) => line.sizeId === size.size_id && line.additional === change.additional;
  const existing = productLines.find(sameLine);
  const others = productLines.filter((line) => !sameLine(line));
  const quantity = change.quantity;
  if (typeof quantity !== 'number' || !Number.isFinite(quantity) || quantity < 0 || (change.mode === 'add' && quantity === 0)) {
    return refuse(422, 'invalid_quantity', 'La quantità deve essere un numero positivo');
  }
  const current0 = existing?.count ?? 0;
  if ((change.mode === 'add' ? current0 + quantity : quantity) > BASKET_LIMITS.maxQuantityPerProduct) {
    return refuse(422, 'quantity_above_maximum', `Quantità massima ordinabile: ${BASKET_LIMITS.maxQuantityPerProduct} ${product.unit_plural}`, { max: BASKET_LIMITS.maxQuantityPerProduct, unit: product.unit_plural });
  }
  // Removing a line the visitor has is always allowed, whatever its key.
  if (change.mode === 'set' && quantity === 0) return { ok: true, count: 0 };
  if (!ISSUED_VARIANTS.has(change.additional)) return refuse(422, 'unknown_variant', 'Variante del prodotto non riconosciuta');
  if (size.status === 'disable') return refuse(409, 'product_unavailable', 'Prodotto non disponibile');
  if (product.gratis) return refuse(409, 'gratis_product', 'Il prodotto omaggio non si può acquistare');
  if (product.phone_price && size.points > 0) return refuse(409, 'points_only', 'Prodotto disponibile solo nel programma fedeltà');
  if (product.phone_price && !size.basket_enable) return refuse(409, 'phone_price', 'Prezzo su richiesta: contattare il negozio');
  const subscription = change.additional === SUBSCRIPTION_ADDITIONAL;
  if (subscription && (!product.subscription || size.subscription_gross === null)) return refuse(409, 'no_subscription', 'Il prodotto non si acquista in abbonamento');
  if (!existing && basketLines >= BASKET_LIMITS.maxLines) return refuse(409, 'basket_full', `Il carrello contiene già ${BASKET_LIMITS.maxLines} righe, il massimo`, { max: BASKET_LIMITS.maxLines });

  const current = current0;
  const target = roundTo(change.mode === 'add' ? current + quantity : quantity, 6);
  const rules = lineRules(product, size);
  const stepRules: QuantityRules = { ...rules, min: 0, max: Infinity };
  if (!quantityAllowed(target, stepRules) || (change.mode === 'add' && !quantityAllowed(quantity, stepRules))) {
    return refuse(422, 'quantity_not_multiple_of_step', `La quantità deve essere un multiplo di ${rules.step} ${product.unit}`, { step: rules.step, unit: rules.step > 1 ? product.unit_plural : product.unit });
  }
  if (target < rules.min - 1e-9) return refuse(422, 'quantity_below_minimum', `Quantità minima ordinabile: ${rules.min} ${product.unit}`, { min: rules.min, unit: rules.min > 1 ? product.unit_plural : product.unit });
  const max = lineMaximum(product, size, others, rules);
  if (target > max + 1e-9) {
    const inBasket = roundTo(sum(others) + current, 6);
    const inBasketUnit = inBasket > 1 ? product.unit_plural : product.unit;
    const note = inBasket > 0 ? ` (nel carrello: ${inBasket} ${inBasketUnit})` : '';
    const params = { max: Math.max(max, 0), unit: product.unit_plural, ...(inBasket > 0 ? { inBasket, inBasketUnit } : {}) };
    return refuse(422, 'quantity_above_maximum', `Quantità massima ordinabile: ${Math.max(max, 0)} ${product.unit_plural}${note}`, params);
  }
  return { ok: true, count: target };
}
