import type { BrakeProduct, ListingResponse, ProductPageData, TextSearchResult, VehiclePageData } from '../../src/api/wire';
import type { VehiclePageKind } from '../../src/domain/vehiclePages';
import { foldText } from '../../src/domain/searchText';
import type { BrakeProductFilter, ListingFilter, ShopRepository } from './repository';
import { TtlCache } from './ttlCache';

export interface SearchCacheOptions {
  /** Result sets kept (least recently used go first); default 500. */
  maxEntries?: number;
  /** How long a result set is reused; default 30 s (the catalogue changes far less often). */
  ttlMs?: number;
  /** Whether listings and product pages are kept too (default true; off where the answer cache is off). */
  pageData?: boolean;
  now?: () => number;
}

/**
 * The repository with a short-lived cache of text search result sets in front, keyed by the
 * folded query (case and accents aside, spaces collapsed) and the limit: live search sends
 * the same few prefixes over and over (and the language, which picks the information pages). Calls for a key already being answered share the
 * answer in flight; a failed answer is not kept. Works for any backend.
 *
 * The brake product query (the brakes page: axis, category and the visitor's engine) gets the
 * same treatment, keyed by its filter: its 50 products with their descriptions cost the most
 * of any catalogue read, and the same vehicles come back again and again.
 *
 * So do listings (by filter, page and page size) and product pages (by id): what a page or a
 * call shows of the catalogue, the same for everyone, read again for each device class, language
 * and address variant of the page (and by the page cache's misses).
 *
 * So do the basket and wishlist count of no visitor (NO_VISITOR: what a public page shows).
 *
 * So do vehicle pages (brand, model, engine), keyed by kind and id: an engine page ranks all its
 * fits per category, a listing-sized read that is the same for every visitor (issue 25: a vehicle
 * page no slower than a listing, whose counts are kept a minute the same way).
 *
 * A catalogue change (server/catalogueChanges.ts) drops everything kept here (`clearCaches`).
 */
/** The visitor id of no visitor (server/visitor.ts never gives it): a public page's, with an empty basket. */
export const NO_VISITOR = '';

export function withSearchCache(repo: ShopRepository, options: SearchCacheOptions = {}): ShopRepository & { clearCaches(): void } {
  const caches: Array<TtlCache<string, Promise<unknown>>> = [];
  /** `compute` behind a cache of its answers by key: calls in flight share one answer, a failed one is not kept. */
  function keep<A extends unknown[], T>(keyOf: (...args: A) => string, compute: (...args: A) => Promise<T>): (...args: A) => Promise<T> {
    const cache = new TtlCache<string, Promise<unknown>>(options.maxEntries ?? 500, options.ttlMs ?? 30_000, options.now);
    caches.push(cache);
    return (...args: A) => {
      const key = keyOf(...args);
      const hit = cache.get(key) as Promise<T> | undefined;
      if (hit) return hit;
      const answer = compute(...args);
      cache.set(key, answer);
      answer.catch(() => cache.delete(key));
      return answer;
    };
  }
  // The information pages found depend on the language asked for; the repository is given the folded text.
  const textSearch = keep(
    (text: string, limit: number, lang?: string) => `${limit}|${lang ?? ''}|${foldText(text)}`,
    (text: string, limit: number, lang?: string): Promise<TextSearchResult> => repo.textSearch(foldText(text), limit, lang),
  );
  const brakeProducts = keep(
    (filter: BrakeProductFilter) => JSON.stringify([filter.replacementCodes, filter.axis, filter.category, filter.engine, filter.engines, filter.productIds, filter.limit]),
    (filter: BrakeProductFilter): Promise<BrakeProduct[]> => repo.brakeProducts(filter),
  );
  const vehiclePage = keep(
    (kind: VehiclePageKind, id: number) => `${kind}|${id}`,
    (kind: VehiclePageKind, id: number): Promise<VehiclePageData | null> => repo.vehiclePage(kind, id),
  );
  // Listings and product pages: the same for every visitor (each address of a page, each device
  // class and language the page cache keeps apart, reads the same data).
  const listing = keep(
    (filter: ListingFilter, page: number, pageSize: number) => JSON.stringify([filter, page, pageSize]),
    (filter: ListingFilter, page: number, pageSize: number): Promise<ListingResponse> => repo.listing(filter, page, pageSize),
  );
  const productPage = keep(
    (id: number) => String(id),
    (id: number): Promise<ProductPageData | null> => repo.productPage(id),
  );
  // The catalogue's other languages: read once, dropped with the rest on a catalogue change.
  const catalogueTexts = keep(() => '', () => repo.catalogueTexts());
  // No visitor's basket and wishlist (a public page's): empty, the same for everyone.
  const noVisitorBasket = keep(() => NO_VISITOR, () => repo.basket(NO_VISITOR));
  const noVisitorWishlist = keep(() => NO_VISITOR, () => repo.wishlistCount(NO_VISITOR));
  const basket = (visitorId: string) => (visitorId === NO_VISITOR ? noVisitorBasket() : repo.basket(visitorId));
  const wishlistCount = (visitorId: string) => (visitorId === NO_VISITOR ? noVisitorWishlist() : repo.wishlistCount(visitorId));
  const replaced: Partial<Record<PropertyKey, unknown>> = { basket, wishlistCount, textSearch, brakeProducts, vehiclePage, catalogueTexts, ...(options.pageData === false ? {} : { listing, productPage }) };
  // Each method bound once, by the function itself: a method replaced on the repository (a test's
  // fault, a wrapper) is seen from then on, not the one bound before it.
  const bound = new WeakMap<object, unknown>();
  const clearCaches = () => {
    for (const cache of caches) cache.clear();
    // The repository's own (listing counts).
    repo.clearCaches?.();
  };
  replaced.clearCaches = clearCaches;
  return new Proxy(repo as ShopRepository & { clearCaches(): void }, {
    get(target, property) {
      if (property in replaced) return replaced[property];
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (!bound.has(value)) bound.set(value, value.bind(target));
      return bound.get(value);
    },
  });
}
