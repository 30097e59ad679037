import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { fitKey, type FitQualifiers, type FitStatus } from '../src/domain/fitment';
import type { FitmentAnswer } from '../src/api/wire';

/** One (engine, product) pair as the shop answered it: what the part says (the server's word) and the fit's qualifiers, if any. */
export interface FitPair {
  status: FitStatus;
  fit: FitQualifiers | null;
}

/**
 * What the shop answered about fitment (issues 25, 37): for each (engine, product) pair asked,
 * the server's answer (fits, check, none, universal) and the fit's qualifiers. A pair not here
 * was not asked yet. Owned by `sagas/fitment.ts`; read through `store/fitmentSelectors.ts`.
 */
export interface FitmentState {
  pairs: Record<string, FitPair>;
}

const initialState: FitmentState = { pairs: {} };

const fitmentSlice = createSlice({
  name: 'fitment',
  initialState,
  reducers: {
    /**
     * The answer for every pair of `engines` x `products`: each pair as `answers` says it; a pair
     * the answer leaves out (no such product) does not fit.
     */
    fitmentsLoaded(state, action: PayloadAction<{ engines: number[]; products: number[] } & FitmentAnswer>) {
      const { engines, products, fits, answers } = action.payload;
      for (const engine of engines) for (const product of products) state.pairs[fitKey(engine, product)] = { status: 'none', fit: null };
      for (const { engineId, productId, status } of answers) state.pairs[fitKey(engineId, productId)] = { status, fit: null };
      for (const { engineId, productId, position, fromMonth, toMonth, note } of fits) {
        const key = fitKey(engineId, productId);
        state.pairs[key] = { status: state.pairs[key]?.status ?? 'fits', fit: { position, fromMonth, toMonth, note } };
      }
    },
  },
});

export const { fitmentsLoaded } = fitmentSlice.actions;
export default fitmentSlice.reducer;
