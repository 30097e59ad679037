import { all, call, put, select, takeLatest } from 'redux-saga/effects';
import type { RootState } from '../store';
import { fetchShopData } from '../src/api/basket';
import { fetchCategoryCounts, fetchListing } from '../src/api/catalogue';
import { fetchCmsPage } from '../src/api/cms';
import { fetchVehiclePage } from '../src/api/vehiclePages';
import { isHttpError } from '../src/api/http';
import type { CmsPageResponse, ListingResponse, ProductPageData, ShopDataRequest, ShopDataResponse, VehiclePageData } from '../src/api/wire';
import type { VehiclePageKind } from '../src/domain/vehiclePages';
import { locationOf } from '../src/app/routes';
import { answersHaveHtml, pageDataNeeds, pageStateFrom, withCleanHtml, type PageAnswers } from '../src/app/pageData';
import { fragmentHtml, loadSanitizer, type SanitizeToFragment } from '../src/api/sanitizer';
import { pageFailed, pageLoaded, pageOpened, type PageLocation } from '../store/pageSlice';
import { vehicleRestored } from '../store/vehicleSlice';

export { HOME_POPULAR_COUNT } from '../src/app/pageData';

/** The shop data bundle's Projector section as the spec's page asks it: format json, empty params. */
export const PROJECTOR_SECTION: ShopDataRequest = { Projector: { format: 'json', params: {} } };

/**
 * The product page's data, from the shop data bundle's Projector section (storefront spec
 * section 3: "Projector (format json, empty params)"): the shop answers the product of the page
 * asking (the product page's address). A product that does not exist answers null: the
 * no-product page, not an error.
 */
function* fetchProduct() {
  const answer: ShopDataResponse = yield call(fetchShopData, PROJECTOR_SECTION);
  return answer.Projector?.response ?? null;
}

function* fetchInformationPage(slug: string) {
  try {
    const page: CmsPageResponse = yield call(fetchCmsPage, slug);
    return page;
  } catch (error) {
    if (isHttpError(error) && error.status === 404) return null;
    throw error;
  }
}

function* fetchVehicle(kind: VehiclePageKind, id: number) {
  try {
    const page: VehiclePageData = yield call(fetchVehiclePage, kind, id);
    return page;
  } catch (error) {
    if (isHttpError(error) && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** Asks `src/api` for what the page needs, and builds the page slice the way the server does. */
export function* loadPageData(location: PageLocation) {
  const engine: number | undefined = yield select((state: RootState) => state.vehicle.saved?.engine?.id);
  const needs = pageDataNeeds(location, engine);
  const [categories, listing, product, cmsPage, vehiclePage]: [
    Array<[number, string, number]> | undefined,
    ListingResponse | undefined,
    ProductPageData | null | undefined,
    CmsPageResponse | null | undefined,
    VehiclePageData | null | undefined,
  ] = yield all([
    needs.categories ? call(fetchCategoryCounts, null) : undefined,
    needs.listing ? call(fetchListing, needs.listing) : undefined,
    needs.product !== null ? call(fetchProduct) : undefined,
    needs.cmsPage !== null ? call(fetchInformationPage, needs.cmsPage) : undefined,
    needs.vehiclePage !== null ? call(fetchVehicle, needs.vehiclePage.kind, needs.vehiclePage.id) : undefined,
  ]);
  let answers: PageAnswers = { categories, listing };
  if (needs.product !== null) answers.product = product ?? null;
  if (needs.cmsPage !== null) answers.cmsPage = cmsPage ?? null;
  if (needs.vehiclePage !== null) answers.vehiclePage = vehiclePage ?? null;
  if (answersHaveHtml(answers)) {
    // Server HTML that arrives after load is sanitised before it reaches the store.
    const sanitize: SanitizeToFragment = yield call(loadSanitizer);
    answers = withCleanHtml(answers, (html) => fragmentHtml(sanitize(html)));
  }
  yield put(pageLoaded(pageStateFrom(location, answers)));
}

export function* markSavedVehicle() {
  const location: PageLocation | null = yield select((state: RootState) => state.page.location);
  const engine: number | undefined = yield select((state: RootState) => state.vehicle.saved?.engine?.id);
  const marked: string | undefined = yield select((state: RootState) => state.page.listing?.query?.vehicle);
  if (location?.type !== 'search' || !engine || location.query['traits_alt[49]'] || marked === String(engine)) return;
  try {
    yield call(loadPageData, location);
  } catch {
    /* the listing stays as drawn, without the marks */
  }
}

/**
 * Reads where the shopper is and loads that page's data from the shop API, unless the server
 * already drew the page: then its state came with the HTML and nothing is fetched again.
 */
export function* pageSaga() {
  const drawn: PageLocation | null = yield select((state: RootState) => (state.page.status === 'ready' ? state.page.location : null));
  if (drawn) {
    // The server cannot know a vehicle saved in this browser: a listing drawn without it is
    // asked again once the saved vehicle is restored, so the parts that fit are marked.
    if (drawn.type === 'search') yield takeLatest(vehicleRestored.type, markSavedVehicle);
    return;
  }
  const location: PageLocation = yield call(() => locationOf(window.location.pathname, window.location.search));
  yield put(pageOpened(location));
  try {
    yield call(loadPageData, location);
  } catch {
    yield put(pageFailed());
  }
}
