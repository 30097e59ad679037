import type { TextSearchResult } from '../../src/api/wire';
import { foldText } from '../../src/domain/searchText';
import type { ShopRepository } from './repository';
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
 * the same few prefixes over and over. Calls for a key already being answered share the
 * answer in flight; a failed answer is not kept. Works for any backend.
 */
export function withSearchCache(repo: ShopRepository, options: SearchCacheOptions = {}): ShopRepository {
  const cache = new TtlCache<string, Promise<TextSearchResult>>(options.maxEntries ?? 500, options.ttlMs ?? 30_000, options.now);
  const textSearch = (text: string, limit: number): Promise<TextSearchResult> => {
    const folded = foldText(text);
    const key = `${limit}|${folded}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const answer = repo.textSearch(folded, limit);
    cache.set(key, answer);
    answer.catch(() => cache.delete(key));
    return answer;
  };
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(repo, {
    get(target, property) {
      if (property === 'textSearch') return textSearch;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (!bound.has(property)) bound.set(property, value.bind(target));
      return bound.get(property);
    },
  });
}
