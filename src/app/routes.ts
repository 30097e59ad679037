import type { PageLocation, PageType } from '../../store/pageSlice';
import { infoPageSlug } from '../domain/infoPages';
import { splitLanguagePath } from '../domain/languagePaths';
import { isVehiclePagePath } from '../domain/vehiclePages';

/** Which page type an address is (brake-shop spec section 2's page types). */
export function pageTypeOf(pathname: string): { type: PageType; productId: number | null } {
  // With its slug or without (`/product-9001.html`): the page moves to its own address (server/routes/pages.ts).
  const product = /^\/product-(\d{1,9})(?:-[a-z0-9-]*)?\.html$/.exec(pathname);
  if (product) return { type: 'product', productId: Number(product[1]) };
  if (infoPageSlug(pathname)) return { type: 'cms', productId: null };
  if (/^\/order\/[A-Za-z0-9_-]{43}$/.test(pathname)) return { type: 'order', productId: null };
  if (isVehiclePagePath(pathname)) return { type: 'vehicle', productId: null };
  const types: Record<string, PageType> = {
    '/': 'main',
    '/main.php': 'main',
    '/search.php': 'search',
    '/basketedit.php': 'basket',
    '/checkout.php': 'checkout',
    '/brakes.php': 'brakes',
    '/contact.php': 'contact',
  };
  return { type: types[pathname] ?? 'noProduct', productId: null };
}

/** The page an address shows: its path without the language prefix (`/pl/search.php` is the listing, path `/search.php`), its query. */
export function locationOf(address: string, search: string): PageLocation {
  const pathname = splitLanguagePath(address).path;
  const query: Record<string, string> = {};
  new URLSearchParams(search).forEach((value, key) => {
    query[key] = value;
  });
  return { ...pageTypeOf(pathname), path: pathname, query };
}

export const PAGE_PATH: Record<Exclude<PageType, 'product' | 'cms' | 'vehicle' | 'noProduct' | 'order'>, string> = {
  main: '/main.php',
  search: '/search.php',
  basket: '/basketedit.php',
  checkout: '/checkout.php',
  brakes: '/brakes.php',
  contact: '/contact.php',
};
