import { expectSaga } from 'redux-saga-test-plan';
import { bannersSaga, BANNERS_FLOW } from '../../../sagas/banners';
import { consentSaga } from '../../../sagas/consent';
import { flowSend } from '../../../store/flowsSlice';

/**
 * The lifetimes of the cookies the sagas really write (spec values, not the constants: a change
 * of CONSENT_DAYS or BANNER_COOKIE_DAYS fails here). What the page stores is read off
 * `document.cookie` as it is set, so the test sees the Max-Age the browser is given.
 */
const DAY_S = 24 * 60 * 60;

function watchCookieWrites(): { writes: string[]; stop: () => void } {
  const writes: string[] = [];
  const setter = jest.spyOn(document, 'cookie', 'set');
  const original = setter.getMockImplementation();
  setter.mockImplementation(function (this: Document, text: string) {
    writes.push(text);
    original?.call(this, text);
  });
  return { writes, stop: () => setter.mockRestore() };
}

/** The cookie's Max-Age in seconds, and that no Expires competes with it. */
function lifetimeOf(writes: string[], name: string): number | null {
  const text = writes.find((write) => write.startsWith(`${name}=`));
  if (!text) return null;
  const attributes = text.split(';').slice(1).map((part) => part.trim().split('='));
  expect(attributes.some(([key]) => key.toLowerCase() === 'expires')).toBe(false);
  const maxAge = attributes.find(([key]) => key.toLowerCase() === 'max-age');
  return maxAge ? Number(maxAge[1]) : null;
}

function clearCookies() {
  for (const name of ['shop_login', 'shop_consent', 'shop_banner_discount_code', 'shop_banner_free_shipping']) document.cookie = `${name}=; Max-Age=0; Path=/`;
}

describe('cookie lifetimes (storefront spec section 9, brake-shop spec section 9)', () => {
  let watch: ReturnType<typeof watchCookieWrites>;
  beforeEach(() => {
    clearCookies();
    watch = watchCookieWrites();
  });
  afterEach(() => {
    watch.stop();
    clearCookies();
  });

  it('a logged-in shopper gets the consent cookie for 30 days', async () => {
    document.cookie = 'shop_login=abc; Path=/';
    await expectSaga(consentSaga).run();
    expect(document.cookie).toContain('shop_consent=1');
    expect(lifetimeOf(watch.writes, 'shop_consent')).toBe(30 * DAY_S);
  });

  it('a shopper who is not logged in gets no consent cookie', async () => {
    await expectSaga(consentSaga).run();
    expect(lifetimeOf(watch.writes, 'shop_consent')).toBeNull();
    expect(document.cookie).not.toContain('shop_consent');
  });

  it('a closed banner is remembered by a cookie of 1 day', async () => {
    await expectSaga(bannersSaga)
      .delay(10)
      .dispatch(flowSend({ id: BANNERS_FLOW, event: { type: 'DISMISS', id: 'discount_code' } }))
      .silentRun(50);
    expect(document.cookie).toContain('shop_banner_discount_code=1');
    expect(lifetimeOf(watch.writes, 'shop_banner_discount_code')).toBe(1 * DAY_S);
  });
});
