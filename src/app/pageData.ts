import type { ListingResponse, ProductPageData } from '../api/wire';
import type { PageLocation, PageState } from '../../store/pageSlice';

/** How many popular products the home page shows. */
export const HOME_POPULAR_COUNT = 8;

/** The data a page type is drawn from: asked of the repository on the server, of `src/api` in the browser. */
export interface PageDataNeeds {
  categories: boolean;
  /** The listing's query (the /search.php parameters), or null. */
  listing: Record<string, string> | null;
  product: number | null;
}

export function pageDataNeeds(location: PageLocation, savedEngine?: number): PageDataNeeds {
  switch (location.type) {
    case 'main':
      return { categories: true, listing: { limit: String(HOME_POPULAR_COUNT) }, product: null };
    case 'brakes':
      return { categories: true, listing: null, product: null };
    case 'search': {
      // A saved vehicle marks the products that fit it, on every listing (not only its own).
      const query = savedEngine && !location.query['traits_alt[49]'] ? { ...location.query, vehicle: String(savedEngine) } : location.query;
      return { categories: false, listing: query, product: null };
    }
    case 'product':
      return { categories: false, listing: null, product: location.productId ?? 0 };
    default:
      return { categories: false, listing: null, product: null };
  }
}

/** What came back for the needs; a product that was asked for and is missing is `null`. */
export interface PageAnswers {
  categories?: Array<[number, string, number]>;
  listing?: ListingResponse;
  product?: ProductPageData | null;
}

/**
 * The page slice for a location and what its needs answered: the one way a page's state is
 * built, by the server before rendering and by the page saga in the browser. A product that
 * does not exist is the no-product page.
 */
export function pageStateFrom(location: PageLocation, answers: PageAnswers): PageState {
  const missingProduct = location.type === 'product' && answers.product === null;
  return {
    location: missingProduct ? { ...location, type: 'noProduct', productId: null } : location,
    status: 'ready',
    categories: answers.categories ?? [],
    listing: answers.listing ?? null,
    product: answers.product ?? null,
  };
}
