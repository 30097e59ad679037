import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ProductXml, ProductXmlAttribute } from '../src/api/catalogue';
import type { BundlePrice, InstalmentParams, Money, ShippingOption, SizeAvailability, SizeDelivery, SizePrices } from '../src/api/wire';
import type { PriceMode } from '../machines/buyBox';

/** One size's offer in one price mode, as the product page shows it. */
export interface SizeOffer {
  availability: SizeAvailability;
  delivery: SizeDelivery;
  prices: SizePrices;
  bundle?: BundlePrice;
}

export const offerKey = (sizeId: string, mode: PriceMode) => `${sizeId}|${mode}`;

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
  attributes: [],
  notify: 'idle',
  xmlVersionName: null,
  xmlSizes: [],
};

const productSlice = createSlice({
  name: 'product',
  initialState,
  reducers: {
    productOpened(_state, action: PayloadAction<{ productId: number; quantity: number }>) {
      return { ...initialState, productId: action.payload.productId, quantity: action.payload.quantity };
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
  instalmentLoaded,
  attributesLoaded,
  productXmlLoaded,
  notifyStatus,
} = productSlice.actions;
export default productSlice.reducer;
