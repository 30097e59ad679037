import type { ListingResponse } from '../api/wire';
import { canonicalListingParams, listingName, listingPath } from './seo';
import { serializeStateForScript } from './seoHtml';

/**
 * The listing regions' ajax-loaded scripts (storefront spec, section 2): the shop's analytics
 * event for the list shown, pushed onto `window.dataLayer` (as the tracking events are). Built
 * on the server, for the page it draws (`<script data-ajax-load>`) and for the listing's
 * `json=true` answer (`scripts`), which a partial load runs once it has replaced the regions.
 */
export interface ViewItemListEvent {
  event: 'view_item_list';
  /** The list, whatever its page: the listing's address with only what defines it (`/search.php?traits_alt%5B24%5D=148728`). */
  item_list_id: string;
  /** The list's name in the shop's language (Italian), as the page's title names it, so lists add up across the visitors' languages. */
  item_list_name: string;
  /** The page's products; `index` is the position in the whole list, from 0 (page 2 of 24 a page starts at 24). */
  items: Array<{ item_id: string; item_name: string; price: number; index: number }>;
}

export function viewItemListEvent(listing: ListingResponse): ViewItemListEvent {
  const offset = (listing.page - 1) * listing.pageSize;
  return {
    event: 'view_item_list',
    item_list_id: listingPath(canonicalListingParams(listing.query)),
    item_list_name: listingName(listing, listing.query, 'it'),
    items: listing.products.map((product, index) => ({ item_id: String(product.id), item_name: product.name, price: product.price.value, index: offset + index })),
  };
}

/**
 * Script text that pushes one entry onto the page's dataLayer. The entry is written as JSON
 * escaped for a script element (`<`, `>`, `&`, U+2028/2029 as `\uXXXX`): no value can close the
 * element or break out of its string.
 */
export function dataLayerPush(entry: object): string {
  return `(window.dataLayer=window.dataLayer||[]).push(${serializeStateForScript(entry)});`;
}

/** The scripts a listing's regions carry: the list's view_item_list event (none for a page without products). */
export function listingScripts(listing: ListingResponse): string[] {
  return listing.products.length ? [dataLayerPush(viewItemListEvent(listing))] : [];
}
