import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ShopDataRequest, ShopDataResponse } from '../src/api/wire';

/** Sanitised snippet and widget HTML, by where it goes on the page. */
export interface PlacedHtml {
  id: string;
  html: string;
}

export interface ShopDataState {
  bodyTop: PlacedHtml[];
  bodyEnd: PlacedHtml[];
  widgets: PlacedHtml[];
  /** The device the snippets were placed for (the server guesses it; the layout mode decides). */
  device: 'mobile' | 'tablet' | 'pc' | null;
  /** The banners the shopper closed, as the server read them from the cookies (null: not read). */
  dismissedBanners: string[] | null;
  /** The shop's extra scripts (`GET {prefix}{name}.js`), named by the server's EXTRA_SCRIPTS: loaded once per page view. */
  extraScripts: { prefix: string; names: string[] };
  /**
   * The shop's price type (net or gross; default gross), from the server's setting: every price the
   * page shows follows it (product page, lists, live search, finder, comparison, mini basket).
   */
  priceType: 'gross' | 'net';
  /** The shop's own settings the pages show (issue 36, point 7: server/settings/shopSettings.ts). */
  shop: ShopFacts;
}

/** The shop's name, contact details, free-shipping threshold (euro) and discount banner: the owner's settings. */
export interface ShopFacts {
  name: string;
  phone: string;
  email: string;
  freeShippingFrom: number;
  /** The code the discount banner announces; null: no discount banner. */
  discountCode: string | null;
  discountPercent: number;
}

/** The defaults (server/settings/shopSettings.ts DEFAULT_SHOP_SETTINGS), until the server's state says otherwise. */
export const DEFAULT_SHOP_FACTS: ShopFacts = { name: 'FreniShop', phone: '+39 02 1234 5678', email: 'assistenza@frenishop.example', freeShippingFrom: 79, discountCode: 'FRENI10', discountPercent: 10 };

export const initialShopData: ShopDataState = { bodyTop: [], bodyEnd: [], widgets: [], device: null, dismissedBanners: null, extraScripts: { prefix: '/gfx/extra/', names: [] }, priceType: 'gross', shop: DEFAULT_SHOP_FACTS };

const shopDataSlice = createSlice({
  name: 'shopData',
  initialState: initialShopData,
  reducers: {
    snippetsPlaced(state, action: PayloadAction<{ bodyTop: PlacedHtml[]; bodyEnd: PlacedHtml[]; device?: ShopDataState['device'] }>) {
      state.bodyTop = action.payload.bodyTop;
      state.bodyEnd = action.payload.bodyEnd;
      if (action.payload.device !== undefined) state.device = action.payload.device;
    },
    widgetsPlaced(state, action: PayloadAction<PlacedHtml[]>) {
      state.widgets = action.payload;
    },
  },
});

export const { snippetsPlaced, widgetsPlaced } = shopDataSlice.actions;
/** The shop's price type (net or gross) every price on the page follows. */
export const selectPriceType = (state: { shopData: ShopDataState }) => state.shopData.priceType;
/** A part of the page asks for sections of the shop data bundle; requests made together go as one. */
export const shopDataRequested = createAction<ShopDataRequest>('shopData/requested');
/** The whole answer, for every registered taker (the spec's callbacks). */
export const shopDataLoaded = createAction<ShopDataResponse>('shopData/loaded');
/** The bundle's request failed (the page goes on with what it has, as the spec says). */
export const shopDataFailed = createAction('shopData/failed');
export default shopDataSlice.reducer;
