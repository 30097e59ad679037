import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { bannersSaga, BANNERS_FLOW, readDismissedBanners, writeBannerCookie } from '../../../sagas/banners';
import { flowSend } from '../../../store/flowsSlice';

describe('banners saga', () => {
  afterEach(() => {
    for (const name of ['shop_banner_discount_code', 'shop_banner_free_shipping']) document.cookie = `${name}=; Max-Age=0; Path=/`;
  });

  it('tells the flow which banners were dismissed, and writes a cookie for each one closed (expectSaga)', () => {
    return expectSaga(bannersSaga)
      .provide([
        [matchers.call.fn(readDismissedBanners), ['free_shipping']],
        [matchers.call.fn(writeBannerCookie), undefined],
      ])
      .put(flowSend({ id: BANNERS_FLOW, event: { type: 'READ', dismissed: ['free_shipping'] } }))
      .delay(10)
      .dispatch(flowSend({ id: BANNERS_FLOW, event: { type: 'DISMISS', id: 'discount_code' } }))
      .call(writeBannerCookie, 'discount_code', 1)
      .silentRun(50);
  });

  it('reads and writes the dismissal cookies of the page', () => {
    expect(readDismissedBanners()).toEqual([]);
    writeBannerCookie('discount_code', 1);
    expect(readDismissedBanners()).toEqual(['discount_code']);
  });
});
