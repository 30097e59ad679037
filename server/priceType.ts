import type { ProductPageData } from '../src/api/wire';
import type { ShopRepository } from './db/repository';

/**
 * The shop's price type (brake-shop spec section 6: "Net versus gross price display depends on a
 * price type setting"; storefront spec section 3: "The page also carries a price type flag (net or
 * gross)"; default gross, section 9). Set by `PRICE_TYPE` (`gross` or `net`); every page carries it
 * in its embedded state (`shopData.priceType`) and the product page's data as `price_type`, so the
 * buy box, lists, live search, finder, comparison and mini basket all show the same kind of price.
 */
export type PriceType = 'gross' | 'net';

export interface PriceSetting {
  priceType: PriceType;
}

/** `PRICE_TYPE` read at start: unset means gross; anything but gross / net stops the server with a message. */
export function priceTypeFromEnv(value: string | undefined): PriceType {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'gross') return 'gross';
  if (text === 'net') return 'net';
  throw new Error(`PRICE_TYPE must be "gross" or "net", not ${JSON.stringify(value)}`);
}

/** The repository with the product page's `price_type` set from the shop's setting, whichever way the page is read. */
export function withPriceType(repo: ShopRepository, setting: PriceSetting): ShopRepository {
  const apply = (page: ProductPageData | null): ProductPageData | null => (page ? { ...page, price_type: setting.priceType } : page);
  return new Proxy(repo, {
    get(target, property, receiver) {
      if (property === 'productPage') return async (id: number) => apply(await target.productPage(id));
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
