import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Hotspot zones by id: sanitised HTML per product once loaded; a zone that failed or came back empty is removed. */
export type HotspotZone = { state: 'loading' } | { state: 'ready'; slides: string[] } | { state: 'removed' };

const hotspotsSlice = createSlice({
  name: 'hotspots',
  initialState: {} as Record<string, HotspotZone>,
  reducers: {
    hotspotsLoading(state, action: PayloadAction<string[]>) {
      for (const zone of action.payload) state[zone] = { state: 'loading' };
    },
    hotspotsLoaded(state, action: PayloadAction<Record<string, string[]>>) {
      for (const [zone, slides] of Object.entries(action.payload)) state[zone] = slides.length ? { state: 'ready', slides } : { state: 'removed' };
    },
    hotspotsRemoved(state, action: PayloadAction<string[]>) {
      for (const zone of action.payload) state[zone] = { state: 'removed' };
    },
  },
});

export const { hotspotsLoading, hotspotsLoaded, hotspotsRemoved } = hotspotsSlice.actions;
export const hotspotsRequested = createAction<{ zones: string[]; zonesType: string; product?: number }>('hotspots/requested');
export default hotspotsSlice.reducer;
