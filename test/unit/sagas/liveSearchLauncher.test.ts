import { expectSaga, testSaga } from 'redux-saga-test-plan';
import { channel as channel_ } from 'redux-saga';
import type { Effect } from 'redux-saga/effects';
import * as matchers from 'redux-saga-test-plan/matchers';
import { liveSearchLauncher, loadLiveSearchSaga } from '../../../sagas/liveSearchLauncher';
import { flowSend } from '../../../store/flowsSlice';
import { LIVE_SEARCH_FLOW } from '../../../store/liveSearchSlice';

const typed = (text: string) => flowSend({ id: LIVE_SEARCH_FLOW, event: { type: 'TYPED', text } });

describe('live search launcher', () => {
  it('loads nothing until the search box is used', () => {
    return expectSaga(liveSearchLauncher)
      .provide([[matchers.call.fn(loadLiveSearchSaga), { liveSearchSaga: function* idle() {} }]])
      .dispatch(flowSend({ id: 'miniBasket', event: { type: 'OPEN' } }))
      .not.call.fn(loadLiveSearchSaga)
      .silentRun(50);
  });

  it('loads the engine on first use, starts it, then replays what the box sent meanwhile, in order (testSaga)', () => {
    const engine = function* engine() {};
    const channel = channel_();
    const focus = flowSend({ id: LIVE_SEARCH_FLOW, event: { type: 'FOCUS' } });
    testSaga(liveSearchLauncher)
      .next()
      .inspect((effect: Effect) => expect(effect.type).toBe('ACTION_CHANNEL'))
      .next(channel)
      .take(channel)
      .next(focus)
      .call(loadLiveSearchSaga)
      .next({ liveSearchSaga: engine })
      .flush(channel)
      .next([typed('p'), typed('pa')])
      .fork(engine)
      .next()
      .put(focus)
      .next()
      .put(typed('p'))
      .next()
      .put(typed('pa'))
      .next()
      .isDone();
  });
});
