import { consentCookieFor, hasCookie } from '../../../src/domain/consent';
import { writeConsentCookie } from '../../../sagas/consent';

describe('consent cookie', () => {
  it('is set for 30 days only when the login cookie is present', () => {
    expect(consentCookieFor('a=1; shop_visitor=x', false)).toBeNull();
    expect(consentCookieFor('a=1; shop_login=abc', false)).toBe('shop_consent=1; Max-Age=2592000; Path=/; SameSite=Lax');
    expect(consentCookieFor('shop_login=abc', true)).toContain('; Secure');
    expect(hasCookie('shop_login=', 'shop_login')).toBe(false);
  });

  it('is written in the page when the shopper is logged in', () => {
    expect(writeConsentCookie()).toBe(false);
    expect(document.cookie).not.toContain('shop_consent');
    document.cookie = 'shop_login=abc; path=/';
    expect(writeConsentCookie()).toBe(true);
    expect(document.cookie).toContain('shop_consent=1');
  });
});
