/**
 * Dismissible banners (brake-shop spec sections 4 and 9): a banner closed by the shopper sets
 * a cookie, 1 day by default, and stays away while the cookie lives.
 */
export const BANNER_COOKIE_DAYS = 1;
export const BANNER_IDS = ['discount_code', 'free_shipping'] as const;
export type BannerId = (typeof BANNER_IDS)[number];

export function bannerCookieName(id: string): string {
  return `shop_banner_${id}`;
}

/** The banners whose dismissal cookie is present in a `document.cookie` text. */
export function dismissedBanners(cookieText: string, ids: readonly string[] = BANNER_IDS): string[] {
  const names = new Set(cookieText.split(';').map((part) => part.trim().split('=')[0]));
  return ids.filter((id) => names.has(bannerCookieName(id)));
}

/** The cookie that keeps a banner dismissed for `days` days. */
export function bannerDismissCookie(id: string, secure: boolean, days = BANNER_COOKIE_DAYS): string {
  return `${bannerCookieName(id)}=1; Max-Age=${Math.round(days * 24 * 3600)}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * The free-shipping banner is shown only when it says something the snippet bar above it does
 * not: how much is still missing for free shipping, or that it is reached, i.e. once the basket
 * holds products. With an empty basket its text would only repeat the shop's general offer.
 */
export function freeShippingBannerWanted(basket: { productsCounter: number; toShippingFree: number } | null | undefined): boolean {
  return !!basket && basket.productsCounter > 0 && Number.isFinite(basket.toShippingFree);
}

/** The banners a page shows: those not dismissed, the free-shipping one only when it has news. */
export function bannersToShow(dismissed: readonly string[], basket: Parameters<typeof freeShippingBannerWanted>[0]): BannerId[] {
  return BANNER_IDS.filter((id) => !dismissed.includes(id) && (id !== 'free_shipping' || freeShippingBannerWanted(basket)));
}
