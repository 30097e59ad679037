import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { call } from 'redux-saga/effects';
import { loadShopDataSaga, markPageSettled, requestPageBundle, SETTLE_WAIT_MS } from '../../../sagas/root';
import { readViewType } from '../../../sagas/layout';
import { shopDataFailed, shopDataLoaded, shopDataRequested, snippetsPlaced } from '../../../store/shopDataSlice';
import type { ShopDataResponse } from '../../../src/api/wire';

const drawnFor = (device: 'mobile' | 'pc' | null, basket: 'ready' | 'idle' = 'ready') => ({ basket: { status: basket }, shopData: { device } });

describe('the page\u2019s shop data bundle', () => {
  it('a page drawn for this device, with its basket, asks for nothing, loads no bundle code and is settled at once', async () => {
    const { effects } = await expectSaga(requestPageBundle)
      .withState(drawnFor('pc'))
      .provide([
        [matchers.call.fn(readViewType), 4],
        [matchers.call.fn(markPageSettled), undefined],
      ])
      .run();
    expect(effects.put ?? []).toEqual([]);
    expect((effects.call ?? []).map((effect: { payload: { fn: unknown } }) => effect.payload.fn)).toEqual([readViewType, markPageSettled]);
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
        [matchers.call.fn(markPageSettled), undefined],
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
        [matchers.call.fn(markPageSettled), undefined],
      ])
      .put(shopDataRequested({ Basket: {}, Wishlist: {} }))
      .call(markPageSettled)
      .run();
  });

  describe('settled: the page will not move by itself', () => {
    const otherDevice = () =>
      expectSaga(requestPageBundle)
        .withState(drawnFor('pc'))
        .provide([
          [matchers.call.fn(readViewType), 1],
          [matchers.call.fn(loadShopDataSaga), { shopDataSaga: function* idle() {} }],
          [matchers.call.fn(markPageSettled), undefined],
        ]);
    const settledCalls = (effects: { call?: Array<{ payload: { fn: unknown } }> }) => (effects.call ?? []).filter((effect) => effect.payload.fn === markPageSettled).length;

    it('not while this device\u2019s snippets are on their way; once they are placed', async () => {
      const waiting = await otherDevice().silentRun(50);
      expect(settledCalls(waiting.effects)).toBe(0);
      const placed = await otherDevice().dispatch(snippetsPlaced({ bodyTop: [], bodyEnd: [] })).run();
      expect(settledCalls(placed.effects)).toBe(1);
    });

    it('once the bundle failed, or came without snippets', async () => {
      expect(settledCalls((await otherDevice().dispatch(shopDataFailed()).run()).effects)).toBe(1);
      const withoutSnippets = { ToplayersAndWidgets: { response: { items: {} } } } as unknown as ShopDataResponse;
      expect(settledCalls((await otherDevice().dispatch(shopDataLoaded(withoutSnippets)).run()).effects)).toBe(1);
    });

    it(`at the latest after SETTLE_WAIT_MS (${SETTLE_WAIT_MS} ms)`, async () => {
      const late = await otherDevice()
        .provide({ race: (effect, next) => (Object.keys(effect).includes('late') ? { late: true } : next()) })
        .run();
      expect(settledCalls(late.effects)).toBe(1);
    });
  });
});
