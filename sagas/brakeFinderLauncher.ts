import type { Channel, Task } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import { actionChannel, call, cancel, fork, take } from 'redux-saga/effects';
import { finderMounted, finderUnmounted } from '../store/actions';

export { finderMounted, finderUnmounted };

/**
 * Starts the brake finder's saga when a finder mounts and stops it when it unmounts. The
 * finder's code (saga, API, rules) is its own chunk, loaded here the first time: pages
 * without a finder never download it.
 */
export function loadFinderSaga() {
  return import(/* webpackChunkName: "brake-finder" */ './brakeFinder');
}

export function* brakeFinderLauncher() {
  const lifecycle: Channel<Action> = yield actionChannel([finderMounted.type, finderUnmounted.type]);
  let task: Task | null = null;
  for (;;) {
    const action: ReturnType<typeof finderMounted> | ReturnType<typeof finderUnmounted> = yield take(lifecycle);
    if (task) yield cancel(task);
    task = null;
    if (finderMounted.match(action)) {
      const finder: Awaited<ReturnType<typeof loadFinderSaga>> = yield call(loadFinderSaga);
      task = (yield fork(finder.brakeFinderSaga, action.payload)) as Task;
    }
  }
}
