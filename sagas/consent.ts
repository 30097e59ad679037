import { call } from 'redux-saga/effects';
import { consentCookieFor } from '../src/domain/consent';

export function writeConsentCookie(): boolean {
  const cookie = consentCookieFor(document.cookie, window.location.protocol === 'https:');
  if (cookie) document.cookie = cookie;
  return cookie !== null;
}

/** On every page: a logged-in shopper's consent cookie is (re)set for 30 days. */
export function* consentSaga() {
  yield call(writeConsentCookie);
}
