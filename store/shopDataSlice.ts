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
}

export const initialShopData: ShopDataState = { bodyTop: [], bodyEnd: [], widgets: [], device: null, dismissedBanners: null, extraScripts: { prefix: '/gfx/extra/', names: [] } };

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
/** A part of the page asks for sections of the shop data bundle; requests made together go as one. */
export const shopDataRequested = createAction<ShopDataRequest>('shopData/requested');
/** The whole answer, for every registered taker (the spec's callbacks). */
export const shopDataLoaded = createAction<ShopDataResponse>('shopData/loaded');
export default shopDataSlice.reducer;
