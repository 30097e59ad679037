// The storefront sends JSON objects and URLSearchParams form bodies only, never FormData or
// multipart: axios' FormData converters stay out of the bundle (about 2 KB gzip of first load).
// The build swaps this file in for axios/lib/helpers/toFormData.js and formDataToJSON.js
// (webpack.config.js); asking axios for a FormData conversion fails loudly.
export const DEFAULT_FORM_DATA_MAX_DEPTH = 100;
export default function formDataNotInThisBuild() {
  throw new Error('FormData bodies are not part of the storefront build: send URLSearchParams or a plain object');
}
