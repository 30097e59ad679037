import type { CmsPageResponse, ListingResponse, ProductPageData, VehiclePageData } from '../api/wire';
import { vehiclePageOf, type VehiclePageKind } from '../domain/vehiclePages';
import { infoPageSlug } from '../domain/infoPages';
import type { PageLocation, PageState } from '../../store/pageSlice';

/** How many popular products the home page shows. */
export const HOME_POPULAR_COUNT = 8;

/** The data a page type is drawn from: asked of the repository on the server, of `src/api` in the browser. */
export interface PageDataNeeds {
  categories: boolean;
  /** The listing's query (the /search.php parameters), or null. */
  listing: Record<string, string> | null;
  product: number | null;
  /** An information page's slug (/pages/{slug}), or null. */
  cmsPage: string | null;
  /** A vehicle page's kind and id (/vehicles/{kind}-{id}-{slug}.html), or null. */
  vehiclePage: { kind: VehiclePageKind; id: number } | null;
}

const NOTHING: PageDataNeeds = { categories: false, listing: null, product: null, cmsPage: null, vehiclePage: null };

export function pageDataNeeds(location: PageLocation, savedEngine?: number): PageDataNeeds {
  switch (location.type) {
    case 'main':
      return { ...NOTHING, categories: true, listing: { limit: String(HOME_POPULAR_COUNT) } };
    case 'brakes':
      return { ...NOTHING, categories: true };
    case 'search': {
      // A saved vehicle marks the products that fit it, on every listing (not only its own).
      const query = savedEngine && !location.query['traits_alt[49]'] ? { ...location.query, vehicle: String(savedEngine) } : location.query;
      return { ...NOTHING, listing: query };
    }
    case 'product':
      return { ...NOTHING, product: location.productId ?? 0 };
    case 'cms':
      return { ...NOTHING, cmsPage: infoPageSlug(location.path) ?? '' };
    case 'vehicle':
      return { ...NOTHING, vehiclePage: vehiclePageOf(location.path) ?? { kind: 'engine', id: 0 } };
    default:
      return NOTHING;
  }
}

/** What came back for the needs; a product that was asked for and is missing is `null`. */
export interface PageAnswers {
  categories?: Array<[number, string, number]>;
  listing?: ListingResponse;
  product?: ProductPageData | null;
  cmsPage?: CmsPageResponse | null;
  vehiclePage?: VehiclePageData | null;
}

/**
 * The answers with their HTML (a product's long description, an information page's body) cleaned
 * by the caller's sanitiser: the store holds only clean HTML, so the components that draw it never
 * sanitise (the server cleans what it embeds; the page saga what it fetched).
 */
export function withCleanHtml(answers: PageAnswers, clean: (html: string) => string): PageAnswers {
  const cleaned: PageAnswers = { ...answers };
  if (answers.product) cleaned.product = { ...answers.product, longDescription: clean(answers.product.longDescription) };
  if (answers.cmsPage) cleaned.cmsPage = { ...answers.cmsPage, body: clean(answers.cmsPage.body) };
  return cleaned;
}

/** Whether the answers carry HTML to clean. */
export function answersHaveHtml(answers: PageAnswers): boolean {
  return Boolean(answers.product || answers.cmsPage);
}

/**
 * The page slice for a location and what its needs answered: the one way a page's state is
 * built, by the server before rendering and by the page saga in the browser. A product that
 * does not exist is the no-product page.
 */
export function pageStateFrom(location: PageLocation, answers: PageAnswers): PageState {
  const missing = (location.type === 'product' && answers.product === null) || (location.type === 'cms' && answers.cmsPage === null) || (location.type === 'vehicle' && !answers.vehiclePage);
  return {
    location: missing ? { ...location, type: 'noProduct', productId: null } : location,
    status: 'ready',
    categories: answers.categories ?? [],
    listing: answers.listing ?? null,
    product: answers.product ?? null,
    cmsPage: answers.cmsPage ?? null,
    ...(location.type === 'vehicle' && answers.vehiclePage ? { vehiclePage: answers.vehiclePage } : {}),
  };
}
