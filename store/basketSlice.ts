import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BasketSummary } from '../src/api/wire';

/** The basket as the server last said it is: the single source of every total shown. */
export interface BasketState {
  summary: BasketSummary | null;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  wishlistCount: number;
}

const initialState: BasketState = { summary: null, status: 'idle', wishlistCount: 0 };

const basketSlice = createSlice({
  name: 'basket',
  initialState,
  reducers: {
    basketLoading(state) {
      state.status = 'loading';
    },
    basketLoaded(state, action: PayloadAction<BasketSummary>) {
      state.summary = action.payload;
      state.status = 'ready';
    },
    basketFailed(state) {
      state.status = 'failed';
    },
    wishlistCounted(state, action: PayloadAction<number>) {
      state.wishlistCount = action.payload;
    },
  },
});

export const { basketLoading, basketLoaded, basketFailed, wishlistCounted } = basketSlice.actions;
/** Ask for a fresh copy of the basket (on start, after a change, when the tab regains focus). */
export const basketRefreshRequested = createAction('basket/refreshRequested');
export default basketSlice.reducer;
