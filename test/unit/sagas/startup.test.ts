import type { Action } from '@reduxjs/toolkit';
import { call, fork, put, take } from 'redux-saga/effects';
import { nextTask } from '../../../sagas/nextTask';
import { startupChannel } from '../../../sagas/startup';
import { createShopStore } from '../../../store';
import { flowUpdated } from '../../../store/flowsSlice';
import { snippetsPlaced } from '../../../store/shopDataSlice';

/**
 * The page's sagas start in steps (sagas/root.ts, sagas/startup.ts): what is dispatched while they
 * start reaches the store at once and every saga in order once all listen, as if they had all
 * started together; nothing dispatched meanwhile is lost.
 */
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('sagas starting in steps', () => {
  it('a saga started in a later step hears what was dispatched before it started, in order', async () => {
    const startup = startupChannel();
    const { store, runSaga } = createShopStore(undefined, { sagaChannel: startup.channel });
    const heard: string[] = [];
    function* listener(name: string) {
      for (;;) {
        const action: Action = yield take('*');
        if (action.type.startsWith('test/')) heard.push(`${name}:${action.type}`);
      }
    }
    function* root() {
      yield fork(listener, 'first');
      yield call(nextTask);
      yield fork(listener, 'second');
      startup.release();
    }
    runSaga(root);
    // Dispatched while the second listener is not yet started (a component's first effect, an early press).
    store.dispatch({ type: 'test/early' });
    expect(heard).toEqual([]);
    await settle();
    store.dispatch({ type: 'test/late' });
    await settle();
    expect(heard).toEqual(['first:test/early', 'second:test/early', 'first:test/late', 'second:test/late']);
  });

  it('the store changes at once while the sagas wait; a saga’s own put during the start is heard by all', async () => {
    const startup = startupChannel();
    const { store, runSaga } = createShopStore(undefined, { sagaChannel: startup.channel });
    const placed: number[] = [];
    function* starter() {
      yield put(snippetsPlaced({ bodyTop: [], bodyEnd: [] }));
    }
    function* waiter() {
      yield take(snippetsPlaced.type);
      placed.push(1);
    }
    function* root() {
      yield fork(starter);
      yield call(nextTask);
      yield fork(waiter);
      startup.release();
    }
    runSaga(root);
    store.dispatch(flowUpdated({ id: 'test', value: 'idle' as never, context: {} }));
    // The reducers ran: the page draws from the store as before.
    expect(store.getState().flows.test).toMatchObject({ value: 'idle' });
    expect(placed).toEqual([]);
    await settle();
    expect(placed).toEqual([1]);
  });

  it('without the startup channel everything is delivered at once, as before', async () => {
    const { store, runSaga } = createShopStore();
    const heard: string[] = [];
    runSaga(function* () {
      const action: Action = yield take('test/now');
      heard.push(action.type);
    });
    store.dispatch({ type: 'test/now' });
    expect(heard).toEqual(['test/now']);
  });
});
