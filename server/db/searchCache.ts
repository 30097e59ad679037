import type { BrakeProduct, TextSearchResult } from '../../src/api/wire';
import { foldText } from '../../src/domain/searchText';
import type { BrakeProductFilter, ShopRepository } from './repository';
import { TtlCache } from './ttlCache';

export interface SearchCacheOptions {
  /** Result sets kept (least recently used go first); default 500. */
  maxEntries?: number;
  /** How long a result set is reused; default 30 s (the catalogue changes far less often). */
  ttlMs?: number;
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
 */
export function withSearchCache(repo: ShopRepository, options: SearchCacheOptions = {}): ShopRepository & { clearCaches(): void } {
  const cache = new TtlCache<string, Promise<TextSearchResult>>(options.maxEntries ?? 500, options.ttlMs ?? 30_000, options.now);
  const textSearch = (text: string, limit: number, lang?: string): Promise<TextSearchResult> => {
    const folded = foldText(text);
    // The information pages found depend on the language asked for.
    const key = `${limit}|${lang ?? ''}|${folded}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const answer = repo.textSearch(folded, limit, lang);
    cache.set(key, answer);
    answer.catch(() => cache.delete(key));
    return answer;
  };
  const brakes = new TtlCache<string, Promise<BrakeProduct[]>>(options.maxEntries ?? 500, options.ttlMs ?? 30_000, options.now);
  const brakeProducts = (filter: BrakeProductFilter): Promise<BrakeProduct[]> => {
    const key = JSON.stringify([filter.replacementCodes, filter.axis, filter.category, filter.engine, filter.engines, filter.productIds, filter.limit]);
    const hit = brakes.get(key);
    if (hit) return hit;
    const answer = repo.brakeProducts(filter);
    brakes.set(key, answer);
    answer.catch(() => brakes.delete(key));
    return answer;
  };
  const bound = new Map<PropertyKey, unknown>();
  // A catalogue change (server/catalogueChanges.ts) drops every kept answer.
  const clearCaches = () => {
    cache.clear();
    brakes.clear();
    // The repository's own (listing counts).
    repo.clearCaches?.();
  };
  return new Proxy(repo as ShopRepository & { clearCaches(): void }, {
    get(target, property) {
      if (property === 'clearCaches') return clearCaches;
      if (property === 'textSearch') return textSearch;
      if (property === 'brakeProducts') return brakeProducts;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (!bound.has(property)) bound.set(property, value.bind(target));
      return bound.get(property);
    },
  });
}
