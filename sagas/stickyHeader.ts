import { eventChannel } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import { call, fork, put, select, take, takeLatest } from 'redux-saga/effects';
import { stickyHeaderMachine } from '../machines/stickyHeader';
import { isHeaderFixed } from '../src/domain/stickyHeader';
import type { RootState } from '../store';
import { flowMatches, flowSend, flowUpdated } from '../store/flowsSlice';
import { runFlow } from './flows';
import { STICKY_HEADER_FLOW, HEADER_SLOT_ID } from '../store/actions';

export { STICKY_HEADER_FLOW, HEADER_SLOT_ID };

export interface HeaderMetrics {
  scrollY: number;
  /** From the top of the page to the bottom of the header's place. */
  headerHeight: number;
  headerMarginBottom: number;
  /** The header's own height: the space kept while it is fixed. */
  slotHeight: number;
}

export function readHeaderMetrics(): HeaderMetrics | null {
  const slot = document.getElementById(HEADER_SLOT_ID);
  if (!slot) return null;
  const header = slot.firstElementChild as HTMLElement | null;
  const slotHeight = (header && !header.classList.contains('site-header--fixed') ? header : slot).getBoundingClientRect().height;
  return {
    scrollY: window.scrollY,
    headerHeight: slot.offsetTop + slotHeight,
    headerMarginBottom: parseFloat(getComputedStyle(slot).marginBottom) || 0,
    slotHeight,
  };
}

export function scrollChannel() {
  return eventChannel<true>((emit) => {
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        emit(true);
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  });
}

const selectView = (state: RootState) => (state.flows.layoutMode?.context as { mode?: number | null } | undefined)?.mode ?? null;
const selectFixed = (state: RootState) => flowMatches(state.flows[STICKY_HEADER_FLOW], 'fixed');

export function* updateStickyHeader() {
  const metrics: HeaderMetrics | null = yield call(readHeaderMetrics);
  if (!metrics) return;
  const view: number | null = yield select(selectView);
  const fixed = isHeaderFixed({ ...metrics, view });
  const wasFixed: boolean = yield select(selectFixed);
  if (fixed !== wasFixed) yield put(flowSend({ id: STICKY_HEADER_FLOW, event: { type: 'SCROLLED', fixed, height: metrics.slotHeight } }));
}

const layoutModeChanged = (action: Action) => flowUpdated.match(action) && action.payload.id === 'layoutMode';

/**
 * The header follows the scroll position: on every scroll (once a frame), when the layout mode
 * is known or changes (the view decides whether it may be fixed at all), and at start: a page
 * scrolled before its script ran (or opened at a restored scroll position) has its header fixed
 * without waiting for the next scroll.
 */
export function* stickyHeaderSaga() {
  yield fork(runFlow, STICKY_HEADER_FLOW, stickyHeaderMachine);
  const channel: ReturnType<typeof scrollChannel> = yield call(scrollChannel);
  yield takeLatest(layoutModeChanged, updateStickyHeader);
  yield call(updateStickyHeader);
  for (;;) {
    yield take(channel);
    yield call(updateStickyHeader);
  }
}
