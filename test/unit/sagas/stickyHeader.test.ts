import { channel } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { readHeaderMetrics, scrollChannel, STICKY_HEADER_FLOW, stickyHeaderSaga } from '../../../sagas/stickyHeader';
import { combineReducers } from '@reduxjs/toolkit';
import flows, { flowSend, flowUpdated } from '../../../store/flowsSlice';

const scrolledPast = { scrollY: 600, headerHeight: 150, headerMarginBottom: 0, slotHeight: 120 };
const fixes = flowSend({ id: STICKY_HEADER_FLOW, event: { type: 'SCROLLED', fixed: true, height: 120 } });

describe('sticky header saga', () => {
  it('a page already scrolled past the header on a desktop view fixes it at start, with no scroll event', () => {
    return expectSaga(stickyHeaderSaga)
      .withState({ flows: { layoutMode: { value: 'ready', context: { mode: 4 } } } })
      .provide([
        [matchers.call.fn(scrollChannel), channel()],
        [matchers.call.fn(readHeaderMetrics), scrolledPast],
      ])
      .put(fixes)
      .run({ timeout: 100, silenceTimeout: true });
  });

  it('when the layout mode becomes known, the header follows the position it finds', async () => {
    // At start the view is not measured yet: nothing to do; then the layout mode says desktop.
    const { effects } = await expectSaga(stickyHeaderSaga)
      .withReducer(combineReducers({ flows }))
      .provide([
        [matchers.call.fn(scrollChannel), channel()],
        [matchers.call.fn(readHeaderMetrics), scrolledPast],
      ])
      .dispatch(flowUpdated({ id: 'layoutMode', value: 'ready', context: { mode: 4 } }))
      .put(fixes)
      .run({ timeout: 100, silenceTimeout: true });
    expect((effects.put ?? []).filter((effect: { payload: { action: unknown } }) => JSON.stringify(effect.payload.action) === JSON.stringify(fixes))).toHaveLength(1);
  });

  it('on a phone view it never fixes the header', async () => {
    const { effects } = await expectSaga(stickyHeaderSaga)
      .withState({ flows: { layoutMode: { value: 'ready', context: { mode: 1 } } } })
      .provide([
        [matchers.call.fn(scrollChannel), channel()],
        [matchers.call.fn(readHeaderMetrics), scrolledPast],
      ])
      .dispatch(flowUpdated({ id: 'layoutMode', value: 'ready', context: { mode: 1 } }))
      .run({ timeout: 100, silenceTimeout: true });
    expect((effects.put ?? []).filter((effect: { payload: { action: { type: string; payload?: { id?: string } } } }) => effect.payload.action.type === flowSend.type && effect.payload.action.payload?.id === STICKY_HEADER_FLOW)).toEqual([]);
  });
});
