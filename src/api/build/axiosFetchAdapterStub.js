// The storefront's axios runs on its XMLHttpRequest adapter (first in axios' default list, and
// the one every browser has); the fetch adapter is left out of the bundle (about 3 KB gzip of
// first load). The build swaps this file in for axios/lib/adapters/fetch.js (webpack.config.js).
export const getFetch = () => false;
export default false;
