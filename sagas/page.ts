import { all, call, put, select } from 'redux-saga/effects';
import type { RootState } from '../store';
import { fetchCategoryCounts, fetchListing, fetchProjector } from '../src/api/catalogue';
import { fetchCmsPage } from '../src/api/cms';
import { infoPageSlug } from '../src/domain/infoPages';
import { isHttpError } from '../src/api/http';
import type { CmsPageResponse, ListingResponse, ProjectorResponse } from '../src/api/wire';
import { locationOf } from '../src/app/routes';
import { categoriesLoaded, cmsPageLoaded, listingLoaded, pageFailed, pageOpened, pageReady, productLoaded, type PageLocation } from '../store/pageSlice';

export const HOME_POPULAR_COUNT = 8;

export function* loadPageData(location: PageLocation) {
  switch (location.type) {
    case 'main': {
      const [categories, popular]: [Array<[number, string, number]>, ListingResponse] = yield all([
        call(fetchCategoryCounts, null),
        call(fetchListing, { limit: String(HOME_POPULAR_COUNT) }),
      ]);
      yield put(categoriesLoaded(categories));
      yield put(listingLoaded(popular));
      break;
    }
    case 'brakes': {
      const categories: Array<[number, string, number]> = yield call(fetchCategoryCounts, null);
      yield put(categoriesLoaded(categories));
      break;
    }
    case 'search': {
      // A saved vehicle marks the products that fit it, on every listing (not only its own).
      const engine: number | undefined = yield select((state: RootState) => state.vehicle.saved?.engine?.id);
      const query = engine && !location.query['traits_alt[49]'] ? { ...location.query, vehicle: String(engine) } : location.query;
      const listing: ListingResponse = yield call(fetchListing, query);
      yield put(listingLoaded(listing));
      break;
    }
    case 'product': {
      const answer: ProjectorResponse = yield call(fetchProjector, location.productId ?? 0, ['product']);
      if (answer.product) yield put(productLoaded(answer.product));
      break;
    }
    case 'cms': {
      // An information page: /pages/{slug} -> GET /pages/{slug}?json=true (the server's repo.cmsPage(slug)) -> page.cmsPage.
      const page: CmsPageResponse = yield call(fetchCmsPage, infoPageSlug(location.path) ?? '');
      yield put(cmsPageLoaded(page));
      break;
    }
    default:
      break;
  }
}

/** Reads where the shopper is and loads that page's data from the shop API. */
export function* pageSaga() {
  const location: PageLocation = yield call(() => locationOf(window.location.pathname, window.location.search));
  yield put(pageOpened(location));
  try {
    yield call(loadPageData, location);
    yield put(pageReady());
  } catch (error) {
    // A product (or information page) that does not exist is the no-product page, not an error.
    if ((location.type === 'product' || location.type === 'cms') && isHttpError(error) && error.status === 404) {
      yield put(pageOpened({ ...location, type: 'noProduct', productId: null }));
      yield put(pageReady());
    } else {
      yield put(pageFailed());
    }
  }
}
