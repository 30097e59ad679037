import { TRAIT } from '../api/wire';

/**
 * Listing addresses as links: `/search.php?` with every key and value percent-encoded
 * (`traits_alt%5B24%5D=148728`). A raw `[` or `]` is not allowed in a URL's query (the HTML
 * checker refuses such an `href`); the server and the partial load read both forms alike.
 */
export function listingHref(params: ReadonlyArray<readonly [string, string | number]>): string {
  return `/search.php?${params.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`).join('&')}`;
}

/** A category's listing (traits_alt[24]), with more parameters when given. */
export function categoryHref(category: number, more: ReadonlyArray<readonly [string, string | number]> = []): string {
  return listingHref([[`traits_alt[${TRAIT.category}]`, category], ...more]);
}
