import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { call } from 'redux-saga/effects';
import { loadShopDataSaga, requestPageBundle } from '../../../sagas/root';
import { readViewType } from '../../../sagas/layout';
import { shopDataRequested } from '../../../store/shopDataSlice';

const drawnFor = (device: 'mobile' | 'pc' | null, basket: 'ready' | 'idle' = 'ready') => ({ basket: { status: basket }, shopData: { device } });

describe('the page\u2019s shop data bundle', () => {
  it('a page drawn for this device, with its basket, asks for nothing and loads no bundle code', async () => {
    const { effects } = await expectSaga(requestPageBundle)
      .withState(drawnFor('pc'))
      .provide([[matchers.call.fn(readViewType), 4]])
      .run();
    expect(effects.put ?? []).toEqual([]);
    expect((effects.call ?? []).map((effect: { payload: { fn: unknown } }) => effect.payload.fn)).toEqual([readViewType]);
  });

  it('a page drawn for another device loads the bundle\u2019s saga and asks for the snippets and widgets of this one', async () => {
    const started: string[] = [];
    function* fakeShopDataSaga() {
      yield call(() => started.push('shop data saga'));
    }
    await expectSaga(requestPageBundle)
      .withState(drawnFor('pc'))
      .provide([
        [matchers.call.fn(readViewType), 1],
        [matchers.call.fn(loadShopDataSaga), { shopDataSaga: fakeShopDataSaga }],
      ])
      .put.like({ action: { type: shopDataRequested.type, payload: { Snippets: { params: { mobile: true, pc: false } }, ToplayersAndWidgets: { params: { mobile: true } } } } })
      .run();
    expect(started).toEqual(['shop data saga']);
  });

  it('a page that came without the basket asks for it and the wishlist', async () => {
    await expectSaga(requestPageBundle)
      .withState(drawnFor('pc', 'idle'))
      .provide([
        [matchers.call.fn(readViewType), 4],
        [matchers.call.fn(loadShopDataSaga), { shopDataSaga: function* idle() {} }],
      ])
      .put(shopDataRequested({ Basket: {}, Wishlist: {} }))
      .run();
  });
});
