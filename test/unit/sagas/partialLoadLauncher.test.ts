import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { call } from 'redux-saga/effects';
import { loadPartialLoadSaga, partialLoadLauncher } from '../../../sagas/partialLoadLauncher';
import { partialLoadRequested } from '../../../store/actions';

describe('partial load launcher', () => {
  it('loads nothing until a partial load is requested', async () => {
    const { effects } = await expectSaga(partialLoadLauncher).run({ timeout: 50, silenceTimeout: true });
    expect(effects.call ?? []).toEqual([]);
  });

  it('the first request loads the partial load\u2019s saga, starts it and hands the request on', async () => {
    const started: string[] = [];
    function* fakeSaga() {
      yield call(() => started.push('partial load saga'));
    }
    const request = partialLoadRequested({ url: '/search.php?traits_alt[24]=148728&counter=1' });
    await expectSaga(partialLoadLauncher)
      .provide([[matchers.call.fn(loadPartialLoadSaga), { partialLoadSaga: fakeSaga }]])
      .dispatch(request)
      .call(loadPartialLoadSaga)
      .put(request)
      .run({ timeout: 50, silenceTimeout: true });
    expect(started).toEqual(['partial load saga']);
  });
});
