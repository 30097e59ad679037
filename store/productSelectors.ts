import type { ProductPageData } from '../src/api/wire';
import { normaliseQuantity, quantityBounds, type QuantityRules } from '../src/domain/quantity';
import type { BuyBoxContext, PriceMode } from '../machines/buyBox';
import type { RootState } from './index';
import type { FlowMirror } from './flowsSlice';
import { offerKey, type SizeOffer } from './productSlice';

export const BUY_BOX_FLOW = 'buyBox';

export function selectBuyBox(state: RootState): (FlowMirror & { context: BuyBoxContext }) | undefined {
  return state.flows[BUY_BOX_FLOW] as (FlowMirror & { context: BuyBoxContext }) | undefined;
}

/** A single-size product (type onesize or uniw, or just one size) is chosen from the start. */
export function singleSizeOf(product: ProductPageData): string | null {
  const ids = Object.keys(product.sizes);
  if (ids.length === 1) return ids[0];
  return ids.find((id) => id === 'uniw' || id === 'onesize' || product.sizes[id].type === 'onesize' || product.sizes[id].type === 'uniw') ?? null;
}

/**
 * The chosen size: the buy box flow's, or before the flow runs (the server's drawing, and the
 * browser's until the flow starts) the size the flow will start with.
 */
export function chosenSizeOf(product: ProductPageData, box: (FlowMirror & { context: BuyBoxContext }) | undefined): string | null {
  return box ? box.context.sizeId : singleSizeOf(product);
}

/** The page-level data of a size: what shows until (or if) its lazy data arrives. */
export function pageOffer(product: ProductPageData, sizeId: string, mode: PriceMode): SizeOffer | null {
  const size = product.sizes[sizeId];
  if (!size) return null;
  const prices = mode === 'subscription' && size.price_subscription ? size.price_subscription : size.price;
  return { availability: size.availability, delivery: size.delivery, prices, bundle: size.bundle_price };
}

let lastPageOffer: { product: ProductPageData; sizeId: string; mode: PriceMode; offer: SizeOffer | null } | null = null;

/**
 * The chosen size's offer in the chosen mode: the lazily loaded one, else the page's. The page's
 * is made once per product, size and mode (the last one kept), so the value is stable between
 * renders and components re-render only when it changes.
 */
export function selectChosenOffer(state: RootState): SizeOffer | null {
  const product = state.page.product;
  if (!product) return null;
  const box = selectBuyBox(state);
  const sizeId = chosenSizeOf(product, box);
  if (!sizeId) return null;
  const mode = box?.context.mode ?? 'normal';
  const loaded = state.product.offers[offerKey(sizeId, mode)];
  if (loaded) return loaded;
  if (lastPageOffer?.product !== product || lastPageOffer.sizeId !== sizeId || lastPageOffer.mode !== mode) {
    lastPageOffer = { product, sizeId, mode, offer: pageOffer(product, sizeId, mode) };
  }
  return lastPageOffer.offer;
}

/**
 * The quantity rules for a size (stock of that size). The stock caps the quantity for sizes sold
 * on order too; the minimum is the largest of the step and the three minimums of the order
 * quantity range, subscription's included, in either price mode (storefront spec, section 5, as
 * written; the server's `lineRules` reads it the same way).
 */
export function rulesFor(product: ProductPageData, sizeId: string | null): QuantityRules {
  const size = sizeId ? product.sizes[sizeId] : undefined;
  return quantityBounds({
    unit_sellby: product.unit_sellby,
    unit_precision: product.unit_precision,
    order_quantity_range: product.order_quantity_range,
    stock: size ? size.amount : -1,
  });
}

/**
 * The quantity a size opens with: its minimum, corrected by its rules as the product saga
 * corrects it when the size's data arrives (a size that cannot be ordered keeps the minimum).
 */
export function openingQuantity(product: ProductPageData, sizeId: string | null): number {
  const rules = rulesFor(product, sizeId);
  return rules.max < rules.min ? rules.min : normaliseQuantity(rules.min, rules).quantity;
}
