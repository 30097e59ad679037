import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { VehicleChoice, VehicleLevel, VehicleOption } from '../src/domain/vehicle';
import { EMPTY_GARAGE, type Garage } from '../src/domain/garageCore';

/** One select's loaded options and the choice they belong to (a late list for another parent is not shown). */
export interface VehicleOptionList {
  parentId: number | null;
  items: VehicleOption[];
}

/**
 * The vehicle data the UI reads: the saved vehicle (restored from the address or local
 * storage), each configurator select's options, and the category counts for the chosen
 * engine. The configurator's mode (which select is enabled, loading, empty) is its flow's.
 */
export interface VehicleState {
  saved: VehicleChoice | null;
  options: Record<VehicleLevel, VehicleOptionList | null>;
  categoryCounts: { engineId: number; rows: Array<[number, string, number]> } | null;
  /** The kept vehicles (issue 25, src/domain/garage.ts), read from local storage by `sagas/garage.ts`. */
  garage: Garage;
  /** A vehicle asked by its registration key (issue 37) from one of the key forms, and how that went (`sagas/vehicleKey.ts`). */
  keyLookup: VehicleKeyLookup | null;
}

/** Where a key was entered: the configurator, the garage, the brake finder. */
export type VehicleKeyTarget = 'configurator' | 'garage' | 'finder';

export interface VehicleKeyLookup {
  target: VehicleKeyTarget;
  status: 'looking' | 'found' | 'unknown' | 'invalid' | 'failed';
  /** The vehicle found, as the shopper reads it. */
  label?: string;
}

const initialState: VehicleState = { saved: null, options: { brand: null, model: null, year: null, engine: null }, categoryCounts: null, garage: EMPTY_GARAGE, keyLookup: null };

const vehicleSlice = createSlice({
  name: 'vehicle',
  initialState,
  reducers: {
    /** A key entered in one of the key forms: `sagas/vehicleKey.ts` looks it up. */
    vehicleKeyRequested(state, action: PayloadAction<{ key: string; target: VehicleKeyTarget }>) {
      state.keyLookup = { target: action.payload.target, status: 'looking' };
    },
    vehicleKeyAnswered(state, action: PayloadAction<VehicleKeyLookup>) {
      state.keyLookup = action.payload;
    },
    vehicleRestored(state, action: PayloadAction<VehicleChoice | null>) {
      state.saved = action.payload;
    },
    vehicleCleared(state) {
      state.saved = null;
      state.categoryCounts = null;
    },
    vehicleOptionsLoaded(state, action: PayloadAction<{ level: VehicleLevel } & VehicleOptionList>) {
      const { level, parentId, items } = action.payload;
      state.options[level] = { parentId, items };
    },
    garageChanged(state, action: PayloadAction<Garage>) {
      state.garage = action.payload;
    },
    engineCategoriesLoaded(state, action: PayloadAction<VehicleState['categoryCounts']>) {
      state.categoryCounts = action.payload;
    },
  },
});

export const { vehicleKeyRequested, vehicleKeyAnswered, vehicleRestored, vehicleCleared, vehicleOptionsLoaded, engineCategoriesLoaded, garageChanged } = vehicleSlice.actions;
export default vehicleSlice.reducer;
