/**
 * Session storage caches (brake-shop spec, section 7: "Session storage caches search results,
 * menu data and a JSON cache"): the vehicle menu's options (menu data) and the finder's JSON files
 * (engine data per brand letter, the vehicle search list) are asked once per browser session and
 * page language. Live search keeps its own (src/domain/liveSearch.ts). Storage refused or full:
 * the answer is used without being kept.
 */
export const MENU_CACHE_PREFIX = 'menuData:';
export const JSON_CACHE_PREFIX = 'jsonCache:';

function storageKey(key: string): string {
  const language = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return `${key}|${language}`;
}

export async function sessionCached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const stored = storageKey(key);
  try {
    const saved = window.sessionStorage.getItem(stored);
    if (saved !== null) return JSON.parse(saved) as T;
  } catch {
    // No storage, or a value that is not JSON: asked again.
  }
  const value = await load();
  try {
    window.sessionStorage.setItem(stored, JSON.stringify(value));
  } catch {
    // Storage full or refused: not kept.
  }
  return value;
}
