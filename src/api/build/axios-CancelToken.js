// Parts of axios the storefront never uses, left out of its bundle (webpack.config.js swaps these
// files in for axios' own). The storefront's client (src/api/http.ts) cancels with AbortSignal (no
// CancelToken), reads no XSRF cookie (xsrfCookieName is unset: writes are checked by origin on the
// server), sets no progress listeners and passes only options it knows; axios' option checks only
// print developer warnings. This file keeps the shape of axios' lib module it replaces.
export default class CancelToken {
  constructor() {
    throw new Error('CancelToken is not part of the storefront\'s axios build: use an AbortSignal');
  }
  static source() {
    return new CancelToken();
  }
}
