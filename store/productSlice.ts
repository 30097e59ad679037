import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BundlePrice, InstalmentParams, Money, ProductXml, ProductXmlAttribute, ShippingOption, SizeAvailability, SizeDelivery, SizePrices } from '../src/api/wire';
import type { PriceMode } from '../machines/buyBox';
import type { InstalmentRequest } from '../src/domain/instalments';

/** One size's offer in one price mode, as the product page shows it. */
export interface SizeOffer {
  availability: SizeAvailability;
  delivery: SizeDelivery;
  prices: SizePrices;
  bundle?: BundlePrice;
}

export const offerKey = (sizeId: string, mode: PriceMode) => `${sizeId}|${mode}`;

/** The couriers' cache key: the product parameters they were asked for (and the delivery region given). */
export const shippingHash = (productId: number, sizeId: string, quantity: number, region: string | null) =>
  `${productId}|${sizeId}|${quantity}${region ? `|${region}` : ''}`;

/** An instalment request's identity: the same request answers the same limits. */
export const instalmentRequestKey = (request: InstalmentRequest) => JSON.stringify(request);

/**
 * The product page's data beyond the page-level product (which is in `page.product`): the
 * size offers loaded lazily per size and price mode (a cache: asked once each), the quantity
 * as the rules corrected it, the couriers of the delivery info box, the lowest price of the
 * last 30 days per size, the instalment limits, the XML attributes and the notify-me form.
 * The chosen size and mode are the buy box machine's (`flows.buyBox.context`).
 */
export interface ProductState {
  productId: number | null;
  offers: Record<string, SizeOffer>;
  quantity: number;
  shipping: { status: 'idle' | 'loading' | 'ready' | 'failed'; options: ShippingOption[] };
  lowestPrice: Record<string, Money | null>;
  instalment: InstalmentParams | null;
  /** The request (`instalmentRequestKey`) the instalment limits answer: the same request is not asked again. */
  instalmentFor: string | null;
  /**
   * Couriers already known by product-parameter hash (`shippingHash`): the server draws a
   * product page with the opening size's, and the product saga starts its courier cache with them.
   */
  shippingKnown: Record<string, ShippingOption[]>;
  /**
   * True when this state came with the server's drawing of the page: the first opening of its
   * product keeps what the server already answered (offer, lowest price, couriers, instalments,
   * the product XML's attributes and sizes).
   */
  fromServer: boolean;
  attributes: ProductXmlAttribute[];
  notify: 'idle' | 'sending' | 'sent' | 'failed';
  /** The product XML's size versions name and sizes (storefront spec, call 7). */
  xmlVersionName: string | null;
  xmlSizes: ProductXml['sizes'];
}

const initialState: ProductState = {
  productId: null,
  offers: {},
  quantity: 1,
  shipping: { status: 'idle', options: [] },
  lowestPrice: {},
  instalment: null,
  instalmentFor: null,
  shippingKnown: {},
  fromServer: false,
  attributes: [],
  notify: 'idle',
  xmlVersionName: null,
  xmlSizes: [],
};

const productSlice = createSlice({
  name: 'product',
  initialState,
  reducers: {
    productOpened(state, action: PayloadAction<{ productId: number; quantity: number }>) {
      const opened = { ...initialState, productId: action.payload.productId, quantity: action.payload.quantity };
      // The page the server drew: what it answered for this product is kept, once.
      if (!state.fromServer || state.productId !== action.payload.productId) return opened;
      const { offers, lowestPrice, instalment, instalmentFor, shippingKnown, attributes, xmlVersionName, xmlSizes } = state;
      return { ...opened, offers, lowestPrice, instalment, instalmentFor, shippingKnown, attributes, xmlVersionName, xmlSizes };
    },
    offerLoaded(state, action: PayloadAction<{ sizeId: string; mode: PriceMode; offer: SizeOffer }>) {
      state.offers[offerKey(action.payload.sizeId, action.payload.mode)] = action.payload.offer;
    },
    quantitySet(state, action: PayloadAction<number>) {
      state.quantity = action.payload;
    },
    /** The chosen size shows no shipping information: the delivery info box goes. */
    shippingCleared(state) {
      state.shipping = { status: 'idle', options: [] };
    },
    shippingLoading(state) {
      state.shipping.status = 'loading';
    },
    shippingLoaded(state, action: PayloadAction<ShippingOption[]>) {
      state.shipping = { status: 'ready', options: action.payload };
    },
    shippingFailed(state) {
      state.shipping = { status: 'failed', options: [] };
    },
    lowestPriceLoaded(state, action: PayloadAction<{ sizeId: string; price: Money | null }>) {
      state.lowestPrice[action.payload.sizeId] = action.payload.price;
    },
    /** An instalment request is asked (its key): its answer follows with `instalmentLoaded`. */
    instalmentAsked(state, action: PayloadAction<string>) {
      state.instalmentFor = action.payload;
    },
    instalmentLoaded(state, action: PayloadAction<InstalmentParams | null>) {
      state.instalment = action.payload;
    },
    productXmlLoaded(state, action: PayloadAction<ProductXml>) {
      state.attributes = action.payload.attributes;
      state.xmlVersionName = action.payload.versionName;
      state.xmlSizes = action.payload.sizes;
    },
    attributesLoaded(state, action: PayloadAction<ProductXmlAttribute[]>) {
      state.attributes = action.payload;
    },
    notifyStatus(state, action: PayloadAction<ProductState['notify']>) {
      state.notify = action.payload;
    },
  },
});

export const {
  productOpened,
  offerLoaded,
  quantitySet,
  shippingLoading,
  shippingCleared,
  shippingLoaded,
  shippingFailed,
  lowestPriceLoaded,
  instalmentAsked,
  instalmentLoaded,
  attributesLoaded,
  productXmlLoaded,
  notifyStatus,
} = productSlice.actions;
export default productSlice.reducer;
