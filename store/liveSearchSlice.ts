import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TextSearchResult } from '../src/api/wire';

/**
 * The live search's server data: the result groups shown in the header dropdown and the
 * alternative codes ("also known as") of a code search. Its mode (open, loading, active
 * option) is the liveSearch flow's, in `store.flows.liveSearch`.
 */
export interface LiveSearchState {
  /** The text these results answer. */
  query: string;
  result: TextSearchResult | null;
  alsoKnownAs: string[];
}

/** The live search flow's id (its mirror is `store.flows.liveSearch`). */
export const LIVE_SEARCH_FLOW = 'liveSearch';

const initialState: LiveSearchState = { query: '', result: null, alsoKnownAs: [] };

const liveSearchSlice = createSlice({
  name: 'liveSearch',
  initialState,
  reducers: {
    liveSearchResultsLoaded(_state, action: PayloadAction<LiveSearchState>) {
      return action.payload;
    },
    liveSearchResultsCleared() {
      return initialState;
    },
  },
});

export const { liveSearchResultsLoaded, liveSearchResultsCleared } = liveSearchSlice.actions;
export default liveSearchSlice.reducer;
