import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BrakeProduct, EngineNode } from '../src/api/wire';
import type { FinderRow, VehicleMatch } from '../src/domain/brakeFinder';
import type { EngineGroup } from '../src/domain/comparison';

/**
 * The brake finder's server data: brands, engine data per brand letter, vehicle matches,
 * axis / category rows, the product list and the compared products. The finder's mode
 * (sections, tabs, choices, compare ids) is its machine's (`store.flows.brakeFinder`).
 */
export interface FinderState {
  brands: string[];
  engineData: Record<string, EngineNode[]>;
  matches: VehicleMatch[];
  axes: FinderRow[];
  categories: FinderRow[];
  products: BrakeProduct[];
  details: BrakeProduct[];
  /** Engine lists read from the traits (groups 49 and 181409) of compared products whose description has none. */
  compatibility: Record<number, EngineGroup[]>;
  /**
   * Names of the products seen (lists, details, the compared ids restored from compareBrakes):
   * the compare list names a product ticked in another category or on an earlier page.
   */
  names: Record<number, string>;
}

const initialState: FinderState = { brands: [], engineData: {}, matches: [], axes: [], categories: [], products: [], details: [], compatibility: {}, names: {} };

const finderSlice = createSlice({
  name: 'finder',
  initialState,
  reducers: {
    finderBrandsLoaded(state, action: PayloadAction<string[]>) {
      state.brands = action.payload;
    },
    finderEngineDataLoaded(state, action: PayloadAction<{ letter: string; tree: EngineNode[] }>) {
      state.engineData[action.payload.letter] = action.payload.tree;
    },
    finderMatchesLoaded(state, action: PayloadAction<VehicleMatch[]>) {
      state.matches = action.payload;
    },
    finderAxesLoaded(state, action: PayloadAction<FinderRow[]>) {
      state.axes = action.payload;
      state.categories = [];
      state.products = [];
    },
    finderCategoriesLoaded(state, action: PayloadAction<FinderRow[]>) {
      state.categories = action.payload;
      state.products = [];
    },
    finderProductsLoaded(state, action: PayloadAction<BrakeProduct[]>) {
      state.products = action.payload;
      for (const product of action.payload) state.names[product.id] = product.name;
    },
    finderDetailsLoaded(state, action: PayloadAction<BrakeProduct[]>) {
      state.details = action.payload;
      for (const product of action.payload) state.names[product.id] = product.name;
    },
    /** Names of compared products no list on this page has shown (restored from compareBrakes). */
    finderNamesLoaded(state, action: PayloadAction<Record<number, string>>) {
      Object.assign(state.names, action.payload);
    },
    finderCompatibilityLoaded(state, action: PayloadAction<Record<number, EngineGroup[]>>) {
      Object.assign(state.compatibility, action.payload);
    },
    finderProductsCleared(state) {
      state.axes = [];
      state.categories = [];
      state.products = [];
      state.details = [];
    },
  },
});

export const {
  finderBrandsLoaded,
  finderEngineDataLoaded,
  finderMatchesLoaded,
  finderAxesLoaded,
  finderCategoriesLoaded,
  finderProductsLoaded,
  finderDetailsLoaded,
  finderCompatibilityLoaded,
  finderNamesLoaded,
  finderProductsCleared,
} = finderSlice.actions;
export default finderSlice.reducer;
