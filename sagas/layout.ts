import { eventChannel } from 'redux-saga';
import { call, fork, put, take } from 'redux-saga/effects';
import { layoutModeMachine, type LayoutModeNumber } from '../machines/layoutMode';
import { flowSend } from '../store/flowsSlice';
import { runFlow } from './flows';

export const LAYOUT_FLOW = 'layoutMode';
const RESIZE_DEBOUNCE_MS = 50;

/** The mode is the hidden #viewType element's CSS width in px (1-4); 1 when unreadable. */
export function readViewType(): LayoutModeNumber {
  const element = document.getElementById('viewType');
  const width = element ? Math.round(element.getBoundingClientRect().width) : 1;
  return (width >= 1 && width <= 4 ? width : 1) as LayoutModeNumber;
}

function resizeChannel() {
  return eventChannel<true>((emit) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => emit(true), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  });
}

export function* measureView() {
  const mode: LayoutModeNumber = yield call(readViewType);
  yield put(flowSend({ id: LAYOUT_FLOW, event: { type: 'VIEW_MEASURED', mode } }));
}

/** Runs the layout-mode flow and re-measures on every (debounced) resize. */
export function* layoutSaga() {
  yield fork(runFlow, LAYOUT_FLOW, layoutModeMachine);
  yield call(measureView);
  const channel: ReturnType<typeof resizeChannel> = yield call(resizeChannel);
  for (;;) {
    yield take(channel);
    yield call(measureView);
  }
}
