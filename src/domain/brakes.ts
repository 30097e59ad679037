/**
 * Brake-finder rules on product data (brake-shop spec sections 2, 3 and 9).
 */
export const CATEGORY_ICON_PATH = '/data/include/cms/cms/configurator_icons/';
export const FALLBACK_CATEGORY_ICON = '/data/gfx/icons/defaulticon_1.png';
export const DRAWING_BASE_URL = '/data/gfx/drawings/';

/** versionName is "CATNO#...": the text before '#' is the catalogue number. */
export function catalogueNumber(versionName: string): string {
  const hash = versionName.indexOf('#');
  return (hash === -1 ? versionName : versionName.slice(0, hash)).trim();
}

/** Technical drawing: base URL + catalogue number without spaces, upper case, + .jpg. */
export function drawingUrl(versionName: string, baseUrl = DRAWING_BASE_URL): string {
  return `${baseUrl}${catalogueNumber(versionName).replace(/\s+/g, '').toUpperCase()}.jpg`;
}

export function categoryIconUrl(file: string | null | undefined): string {
  return file ? `${CATEGORY_ICON_PATH}${file}` : FALLBACK_CATEGORY_ICON;
}
