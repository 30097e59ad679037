import type { RootState } from '../../store';
import { photoImage, type PhotoImage } from '../../src/domain/responsiveImage';
import { CARD_PHOTO } from '../../src/domain/photoPlaces/card';
import { PRODUCT_PHOTO } from '../../src/domain/photoPlaces/product';

/**
 * The page's largest picture, known before the page is drawn: the product's photo on its page,
 * the first card's on a listing (the first screen's largest element on a phone). Preloaded first
 * in the head (server/render/document.ts), so the largest paint never waits for the parser to
 * find it behind the styles and scripts. Pages whose largest element is text have none.
 */
export function largestImage(state: Partial<RootState>): PhotoImage | null {
  const page = state.page;
  if (page?.location?.type === 'product' && page.product?.icon) return photoImage(page.product.icon, PRODUCT_PHOTO);
  const first = page?.location?.type === 'search' ? page.listing?.products[0] : undefined;
  if (first?.icon) return photoImage(first.icon, CARD_PHOTO);
  return null;
}
