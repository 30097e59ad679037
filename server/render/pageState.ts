import type { RootState } from '../../store';
import type { ListingResponse } from '../../src/api/wire';
import { pageDataNeeds, pageStateFrom, type PageAnswers } from '../../src/app/pageData';
import type { PageLocation } from '../../store/pageSlice';
import type { ShopRepository } from '../db/repository';
import { listingData, listingFilter } from '../routes/search';
import { shopSnippets, type Device } from '../routes/shopData';
import { dismissedBanners } from '../../src/domain/banners';
import { EXTRA_SCRIPTS_PREFIX } from '../extraScripts';

const CMS_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+){0,11}$/;

/**
 * The store's first state for a page, straight from the repository, in the same wire shapes the
 * storefront's own calls answer: the page slice (built by the same `pageStateFrom` the browser's
 * page saga uses), the visitor's basket and wishlist count, and the snippets for the device.
 */
export async function serverPageState(repo: ShopRepository, location: PageLocation, visitorId: string, device: Device, cookieHeader = '', extraScripts: readonly string[] = []): Promise<Partial<RootState>> {
  const needs = pageDataNeeds(location);
  const [categories, listing, product, cmsPage, basket, wishlistCount] = await Promise.all([
    needs.categories ? repo.categoryCounts(listingFilter({ onlyVisibleElements: 'true' })) : undefined,
    needs.listing ? (listingData(repo, needs.listing) as Promise<ListingResponse>) : undefined,
    needs.product !== null ? repo.productPage(needs.product) : undefined,
    needs.cmsPage !== null ? (CMS_SLUG.test(needs.cmsPage) ? repo.cmsPage(needs.cmsPage) : null) : undefined,
    repo.basket(visitorId),
    repo.wishlistCount(visitorId),
  ]);
  const answers: PageAnswers = { categories, listing };
  if (needs.product !== null) answers.product = product ?? null;
  if (needs.cmsPage !== null) answers.cmsPage = cmsPage ?? null;
  const snippets = shopSnippets(device);
  return {
    page: pageStateFrom(location, answers),
    basket: { summary: basket, status: 'ready', wishlistCount, adding: [], user: { id: null, logged: false } },
    shopData: {
      bodyTop: snippets.bodyTop,
      bodyEnd: snippets.bodyEnd,
      widgets: [],
      device,
      dismissedBanners: dismissedBanners(cookieHeader),
      extraScripts: { prefix: EXTRA_SCRIPTS_PREFIX, names: [...extraScripts] },
    },
  };
}
