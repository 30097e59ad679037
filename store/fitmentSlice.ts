import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { fitKey, type FitQualifiers, type FitRow } from '../src/domain/fitment';

/**
 * What the shop answered about fitment (issue 25): for each (engine, product) pair asked, its
 * fit with qualifiers, or null when the part does not fit. A pair not here was not asked yet.
 * Owned by `sagas/fitment.ts`; read through `store/fitmentSelectors.ts`.
 */
export interface FitmentState {
  pairs: Record<string, FitQualifiers | null>;
}

const initialState: FitmentState = { pairs: {} };

const fitmentSlice = createSlice({
  name: 'fitment',
  initialState,
  reducers: {
    /** The answer for every pair of `engines` x `products`: the fits listed, the others do not fit. */
    fitmentsLoaded(state, action: PayloadAction<{ engines: number[]; products: number[]; fits: FitRow[] }>) {
      const { engines, products, fits } = action.payload;
      for (const engine of engines) for (const product of products) state.pairs[fitKey(engine, product)] = null;
      for (const { engineId, productId, position, fromMonth, toMonth, note } of fits) state.pairs[fitKey(engineId, productId)] = { position, fromMonth, toMonth, note };
    },
  },
});

export const { fitmentsLoaded } = fitmentSlice.actions;
export default fitmentSlice.reducer;
