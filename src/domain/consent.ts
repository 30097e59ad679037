/**
 * The only identity rule (storefront spec section 6): a login cookie, when present, causes a
 * consent cookie to be set for 30 days.
 */
export const LOGIN_COOKIE = 'shop_login';
export const CONSENT_COOKIE = 'shop_consent';
export const CONSENT_DAYS = 30;

export function hasCookie(cookieHeader: string, name: string): boolean {
  return cookieHeader.split(';').some((part) => part.trim().startsWith(`${name}=`) && part.trim().length > name.length + 1);
}

/** The Set-Cookie text of the consent cookie, or null when there is no login cookie. */
export function consentCookieFor(cookieHeader: string, secure: boolean): string | null {
  if (!hasCookie(cookieHeader, LOGIN_COOKIE)) return null;
  return `${CONSENT_COOKIE}=1; Max-Age=${CONSENT_DAYS * 24 * 3600}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}
