import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { httpWarmupSaga } from '../../../sagas/httpWarmup';
import { loadAxios } from '../../../src/api/http';

describe('the HTTP client warms up at the first input', () => {
  it('loads nothing until the shopper presses or types', async () => {
    const { effects } = await expectSaga(httpWarmupSaga).provide([[matchers.call.fn(loadAxios), undefined]]).run({ timeout: 50, silenceTimeout: true });
    expect((effects.call ?? []).filter((effect: { payload: { fn: unknown } }) => effect.payload.fn === loadAxios)).toEqual([]);
  });

  it('a press loads axios, once', async () => {
    let loads = 0;
    const running = expectSaga(httpWarmupSaga)
      .provide({
        call(effect, next) {
          if (effect.fn !== loadAxios) return next();
          loads += 1;
          return undefined;
        },
      })
      .run({ timeout: 100, silenceTimeout: true });
    await new Promise((resolve) => setTimeout(resolve, 10));
    window.dispatchEvent(new Event('pointerdown'));
    window.dispatchEvent(new Event('keydown'));
    await running;
    expect(loads).toBe(1);
  });
});
