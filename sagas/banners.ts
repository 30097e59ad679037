import { call, fork, put, take } from 'redux-saga/effects';
import { BANNERS_FLOW, bannersMachine, type BannersEmitted } from '../machines/banners';
import { bannerDismissCookie, dismissedBanners } from '../src/domain/banners';
import { flowEmitted, flowSend } from '../store/flowsSlice';
import { runFlow } from './flows';

export { BANNERS_FLOW };

export function readDismissedBanners(): string[] {
  return dismissedBanners(document.cookie);
}

export function writeBannerCookie(id: string, days: number): void {
  document.cookie = bannerDismissCookie(id, window.location.protocol === 'https:', days);
}

/** Reads which banners were closed before, and remembers each one closed now (a cookie). */
export function* bannersSaga() {
  yield fork(runFlow, BANNERS_FLOW, bannersMachine);
  const dismissed: string[] = yield call(readDismissedBanners);
  yield put(flowSend({ id: BANNERS_FLOW, event: { type: 'READ', dismissed } }));
  for (;;) {
    const action: ReturnType<typeof flowEmitted> = yield take(flowEmitted.type);
    if (action.payload.id !== BANNERS_FLOW) continue;
    const event = action.payload.event as unknown as BannersEmitted;
    if (event.type === 'remember') yield call(writeBannerCookie, event.id, event.days);
  }
}
