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
}

const shopDataSlice = createSlice({
  name: 'shopData',
  initialState: { bodyTop: [], bodyEnd: [], widgets: [] } as ShopDataState,
  reducers: {
    snippetsPlaced(state, action: PayloadAction<{ bodyTop: PlacedHtml[]; bodyEnd: PlacedHtml[] }>) {
      state.bodyTop = action.payload.bodyTop;
      state.bodyEnd = action.payload.bodyEnd;
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
