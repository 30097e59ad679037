import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CmsPageResponse, ListingResponse, ProductPageData, VehiclePageData } from '../src/api/wire';

export type PageType = 'main' | 'product' | 'basket' | 'checkout' | 'order' | 'search' | 'brakes' | 'contact' | 'cms' | 'vehicle' | 'noProduct';

export interface PageLocation {
  type: PageType;
  path: string;
  /** The query string's parameters, as given. */
  query: Record<string, string>;
  productId: number | null;
}

/** The current page and its data, loaded by `sagas/page.ts`. */
export interface PageState {
  location: PageLocation | null;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  categories: Array<[number, string, number]>;
  listing: ListingResponse | null;
  product: ProductPageData | null;
  /** An information page (page type cms). */
  cmsPage: CmsPageResponse | null;
  /** A brand's, a model's or an engine's page (page type vehicle, issue 25). */
  vehiclePage?: VehiclePageData | null;
}

const initialState: PageState = { location: null, status: 'idle', categories: [], listing: null, product: null, cmsPage: null };

const pageSlice = createSlice({
  name: 'page',
  initialState,
  reducers: {
    pageOpened(state, action: PayloadAction<PageLocation>) {
      state.location = action.payload;
      state.status = 'loading';
    },
    /** A partial load replaced the page's regions: same page type, new address. */
    pageReplaced(state, action: PayloadAction<PageLocation>) {
      state.location = action.payload;
      state.status = 'ready';
    },
    categoriesLoaded(state, action: PayloadAction<Array<[number, string, number]>>) {
      state.categories = action.payload;
    },
    listingLoaded(state, action: PayloadAction<ListingResponse>) {
      state.listing = action.payload;
    },
    productLoaded(state, action: PayloadAction<ProductPageData>) {
      state.product = action.payload;
    },
    /** The whole page slice at once, built by `pageStateFrom` (src/app/pageData.ts). */
    pageLoaded(_state, action: PayloadAction<PageState>) {
      return action.payload;
    },
    pageReady(state) {
      state.status = 'ready';
    },
    pageFailed(state) {
      state.status = 'failed';
    },
  },
});

export const { pageOpened, pageReplaced, categoriesLoaded, listingLoaded, productLoaded, pageLoaded, pageReady, pageFailed } = pageSlice.actions;
export default pageSlice.reducer;
