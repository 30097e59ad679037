import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BasketResponse, BasketSummary, WithdrawnBasketLine } from '../src/api/wire';

/** The basket as the server last said it is: the single source of every total shown. */
export interface BasketState {
  summary: BasketSummary | null;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  wishlistCount: number;
  /** Products ("id|size") being added from a list: their buttons show loading. */
  adding: string[];
  /** The user object of the basket answer (brake-shop spec, section 6): kept, its fields not shown. */
  user: BasketResponse['user'] | null;
}

const initialState: BasketState = { summary: null, status: 'idle', wishlistCount: 0, adding: [], user: null };

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
    basketUserLoaded(state, action: PayloadAction<BasketResponse['user']>) {
      state.user = action.payload;
    },
    basketFailed(state) {
      state.status = 'failed';
    },
    wishlistCounted(state, action: PayloadAction<number>) {
      state.wishlistCount = action.payload;
    },
    listAddStarted(state, action: PayloadAction<string>) {
      state.adding.push(action.payload);
    },
    listAddFinished(state, action: PayloadAction<string>) {
      state.adding = state.adding.filter((key) => key !== action.payload);
    },
  },
});

export const { basketLoading, basketLoaded, basketUserLoaded, basketFailed, wishlistCounted, listAddStarted, listAddFinished } = basketSlice.actions;
/** Ask for a fresh copy of the basket (on start, after a change, when the tab regains focus). */
export const basketRefreshRequested = createAction('basket/refreshRequested');
export default basketSlice.reducer;

const NONE: WithdrawnBasketLine[] = [];
/** Lines a catalogue import took away: shown as no longer available, counted in no total. */
export const selectWithdrawnLines = (state: { basket: BasketState }): WithdrawnBasketLine[] => state.basket.summary?.withdrawn ?? NONE;
