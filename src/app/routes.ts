import type { PageLocation, PageType } from '../../store/pageSlice';
import { splitLanguagePath } from '../domain/languagePaths';
import { pageTypeOf } from '../domain/pageTypes';

// Which page type an address is lives in the domain (the server's shop data route asks it too).
export { pageTypeOf };

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
