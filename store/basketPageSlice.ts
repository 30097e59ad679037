import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { InstalmentParams, ShippingOption } from '../src/api/wire';
import type { DeliveryRegion } from '../src/domain/deliveryRegion';

/**
 * The basket page's own state: lines whose quantity change is on its way, the shipping
 * estimate for a country and postcode, and the instalment limits for the basket's worth.
 */
export interface BasketPageState {
  updating: string[];
  estimate: { status: 'idle' | 'loading' | 'ready' | 'failed'; region: DeliveryRegion | null; options: ShippingOption[] };
  instalment: InstalmentParams | null;
}

const initialState: BasketPageState = { updating: [], estimate: { status: 'idle', region: null, options: [] }, instalment: null };

const basketPageSlice = createSlice({
  name: 'basketPage',
  initialState,
  reducers: {
    lineUpdateStarted(state, action: PayloadAction<string>) {
      if (!state.updating.includes(action.payload)) state.updating.push(action.payload);
    },
    lineUpdateFinished(state, action: PayloadAction<string>) {
      state.updating = state.updating.filter((key) => key !== action.payload);
    },
    estimateStarted(state, action: PayloadAction<DeliveryRegion>) {
      state.estimate = { status: 'loading', region: action.payload, options: [] };
    },
    estimateDone(state, action: PayloadAction<{ region: DeliveryRegion; options: ShippingOption[] }>) {
      state.estimate = { status: 'ready', ...action.payload };
    },
    estimateFailed(state) {
      state.estimate.status = 'failed';
    },
    basketInstalmentLoaded(state, action: PayloadAction<InstalmentParams | null>) {
      state.instalment = action.payload;
    },
  },
});

export const { lineUpdateStarted, lineUpdateFinished, estimateStarted, estimateDone, estimateFailed, basketInstalmentLoaded } = basketPageSlice.actions;
export default basketPageSlice.reducer;
