import type { MenuNodeHit, NamedLink, TextSearchProduct, TextSearchResult } from '../api/wire';
import { LIVE_SEARCH_RESULTS_PER_GROUP } from './codeSearch';
import { priceOfType, type PriceType } from './priceType';

/**
 * The live search dropdown's groups (brake-shop spec sections 3 and 4): products, producers,
 * series, menu nodes (with breadcrumbs), cms pages and search queries, 3 of each; when the
 * only hits are replacement (OE) codes the dropdown is in only-OE mode and lists those.
 */
export type LiveSearchGroupName = 'products' | 'producers' | 'series' | 'menuNodes' | 'cms' | 'searchQueries' | 'replacementCodes';

export interface LiveSearchOption {
  /** Position among every option of the dropdown (0-based), for the active option. */
  index: number;
  group: LiveSearchGroupName;
  name: string;
  link: string;
  icon?: string;
  /** A product's price of the shop's type; `net` when it is the net one. */
  price?: { value: number; formatted: string; net: boolean };
  breadcrumbs?: string[];
}

export interface LiveSearchGroup {
  name: LiveSearchGroupName;
  options: LiveSearchOption[];
}

export const TEXT_GROUPS: readonly Exclude<LiveSearchGroupName, 'replacementCodes'>[] = ['products', 'producers', 'series', 'menuNodes', 'cms', 'searchQueries'];

function hasTextHits(result: TextSearchResult): boolean {
  return TEXT_GROUPS.some((group) => result[group].length > 0);
}

/** Only-OE mode: replacement-code hits and nothing else. */
export function isOnlyOe(result: TextSearchResult): boolean {
  return !hasTextHits(result) && result.replacementCodes.length > 0;
}

export function liveSearchGroups(result: TextSearchResult | null, perGroup = LIVE_SEARCH_RESULTS_PER_GROUP, priceType: PriceType = 'gross'): LiveSearchGroup[] {
  if (!result) return [];
  const names: readonly LiveSearchGroupName[] = isOnlyOe(result) ? ['replacementCodes'] : TEXT_GROUPS;
  const groups: LiveSearchGroup[] = [];
  let index = 0;
  for (const name of names) {
    const options: LiveSearchOption[] = [];
    const hits: ReadonlyArray<NamedLink & Partial<TextSearchProduct> & Partial<MenuNodeHit>> = result[name];
    for (const hit of hits.slice(0, perGroup)) {
      const option: LiveSearchOption = { index: index++, group: name, name: hit.name, link: hit.link };
      if (hit.iconSmall) option.icon = hit.iconSmall;
      if (hit.price) {
        const { gross, net } = hit.price.price;
        const shown = priceOfType(priceType, gross, net);
        option.price = { value: gross.value, formatted: shown.formatted, net: shown !== gross };
      }
      if (hit.breadcrumbs?.length) option.breadcrumbs = hit.breadcrumbs;
      options.push(option);
    }
    if (options.length) groups.push({ name, options });
  }
  return groups;
}

export function liveSearchOptions(result: TextSearchResult | null): LiveSearchOption[] {
  return liveSearchGroups(result).flatMap((group) => group.options);
}

/** The listing address a submitted text goes to (from_search=true: the listing scrolls to its results). */
export function searchAddress(text: string): string {
  return `/search.php?text=${encodeURIComponent(text.trim())}&from_search=true`;
}

/** Where to move the active option: wraps around, -1 (none) when there is nothing to choose. */
export function moveActive(active: number, count: number, step: 1 | -1): number {
  if (count <= 0) return -1;
  if (active < 0) return step === 1 ? 0 : count - 1;
  return (active + step + count) % count;
}
