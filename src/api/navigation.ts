import { localPath } from '../domain/languagePaths';

/**
 * A full navigation to an address (a partial load that failed, a vehicle chosen, a search sent),
 * in the page's language: a page address without a language prefix gets the page's (`<html lang>`).
 */
export function navigateTo(url: string): void {
  window.location.assign(localPath(url, document.documentElement.lang));
}
