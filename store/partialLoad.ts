import { createAction } from '@reduxjs/toolkit';

/** Load this address into the current page's regions (listing filters, pagination). */
export const partialLoadRequested = createAction<{ url: string; push?: boolean }>('partialLoad/requested');

/** The flow id of the partial page load (machines/partialLoad.ts), read by the progress bar and the listing. */
export const PARTIAL_LOAD_FLOW = 'partialLoad';
