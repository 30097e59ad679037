import { foldText } from '../../src/domain/searchText';

/**
 * How shopper text becomes search terms, for every backend: folded (lower case, accents off),
 * everything but letters and digits a word break, at most 8 words, each a required prefix.
 */
export const MAX_SEARCH_WORDS = 8;

export function searchWords(text: string): string[] {
  return foldText(text)
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, MAX_SEARCH_WORDS);
}

/** SQLite FTS5 query: every word a quoted prefix term, all required ('' when there is none). */
export function ftsQuery(text: string): string {
  return searchWords(text)
    .map((w) => `"${w}"*`)
    .join(' ');
}

/** PostgreSQL tsquery text: every word a prefix term, all required ('' when there is none). */
export function tsQuery(text: string): string {
  return searchWords(text)
    .map((w) => `${w}:*`)
    .join(' & ');
}

/** A replacement code as its index keys it: upper case, spaces, dots and dashes aside. */
export function codeKey(text: string): string {
  return text.toUpperCase().replace(/[\s.-]/g, '');
}

/** The code lookup's upper bound: every key starting with `key` sorts below it (byte order). */
export function codeKeyEnd(key: string): string {
  return `${key}\uffff`;
}

/** The small tables' match (producers, series, menu, pages, queries): every folded word in the folded name. */
export function smallTableMatcher(text: string): (folded: string) => boolean {
  const words = foldText(text).split(/\s+/).filter(Boolean);
  return (candidate) => words.length > 0 && words.every((w) => candidate.includes(w));
}
