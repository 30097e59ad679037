import type { RootState } from '../../store';
import type { Language } from '../../src/i18n/runtime';
import { basketHead, checkoutHead, brakesHead, cmsHead, contactHead, homeHead, listingHead, noProductHead, productHead, vehicleHead, type HeadOptions, type PageHead } from '../../src/domain/seo';
import { renderHead } from '../../src/domain/seoHtml';

/** What search engines and link previews read of a page, from the state it is drawn from (src/domain/seo.ts). */
export function headOf(state: Partial<RootState>, options: HeadOptions): PageHead {
  const page = state.page;
  switch (page?.location?.type) {
    case 'product':
      if (page.product) return productHead(page.product, { ...options, path: page.location.path });
      return noProductHead(options);
    case 'search':
      if (page.listing) return listingHead(page.listing, page.location.query, options);
      return { ...homeHead(options), robots: 'noindex,follow' };
    case 'basket':
      return basketHead(options);
    case 'checkout':
    case 'order':
      return checkoutHead(options, page.location.type);
    case 'brakes':
      return brakesHead(options);
    case 'contact':
      return contactHead(options);
    case 'main':
      return homeHead(options);
    case 'vehicle':
      if (page.vehiclePage) return vehicleHead(page.vehiclePage, options);
      return noProductHead(options);
    case 'cms':
      if (page.cmsPage) return cmsHead({ name: page.cmsPage.title, link: page.cmsPage.link, body: page.cmsPage.body }, options);
      return noProductHead(options);
    default:
      return noProductHead(options);
  }
}

/** The page's head HTML: title, meta, canonical, Open Graph, JSON-LD (under the nonce), and the shop's head snippets. */
export function pageHead(state: Partial<RootState>, language: Language, origin: string, nonce: string, snippets: string[] = []): string {
  return renderHead(headOf(state, { origin, lang: language, shop: state.shopData?.shop.name }), nonce) + snippets.join('');
}
