import type { PageType } from '../../store/pageSlice';
import { infoPageSlug } from './infoPages';
import { isVehiclePagePath } from './vehiclePages';

/**
 * Which page type an address is (brake-shop spec section 2's page types): a rule of the shop's
 * addresses, asked by the browser's router (src/app/routes.ts) and by the server's shop data
 * route (server/routes/shopData.ts) alike.
 */
/** The largest product id a product page address holds (`/product-<1 to 9 digits>`): the catalogue import refuses larger ones. */
export const MAX_PRODUCT_ID = 999_999_999;

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
