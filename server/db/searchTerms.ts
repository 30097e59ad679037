import { foldText } from '../../src/domain/searchText';
import { ALL_OF, ALTERNATIVE } from './searchVocabulary';

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

/**
 * The search terms of a text: each a list of alternatives (any may hold), each alternative a
 * list of words (all required). A plain word is one alternative of one word; a word forgiven or
 * translated by the vocabulary (server/db/searchVocabulary.ts) carries its alternatives.
 */
/** Everything but letters, digits, spaces and the vocabulary's two separators: a word break. */
const NOT_A_TERM = new RegExp(`[^\\p{L}\\p{N}\\s${ALTERNATIVE}${ALL_OF}]`, 'gu');

export function searchTerms(text: string): string[][][] {
  return foldText(text)
    .replace(NOT_A_TERM, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, MAX_SEARCH_WORDS)
    .map((term) =>
      term
        .split(ALTERNATIVE)
        .map((alternative) => alternative.split(ALL_OF).filter(Boolean))
        .filter((alternative) => alternative.length > 0),
    )
    .filter((term) => term.length > 0);
}

/** A query of terms: `word` writes a prefix term, `and` / `or` join them. */
function termQuery(text: string, word: (w: string) => string, and: string, or: string): string {
  return searchTerms(text)
    .map((term) => {
      const alternatives = term.map((words) => (words.length === 1 ? word(words[0]) : `(${words.map(word).join(and)})`));
      return alternatives.length === 1 ? alternatives[0] : `(${alternatives.join(or)})`;
    })
    .join(and);
}

/** SQLite FTS5 query: every word a quoted prefix term, all required ('' when there is none). */
export function ftsQuery(text: string): string {
  return termQuery(text, (w) => `"${w}"*`, ' AND ', ' OR ');
}

/** PostgreSQL tsquery text: every word a prefix term, all required ('' when there is none). */
export function tsQuery(text: string): string {
  return termQuery(text, (w) => `${w}:*`, ' & ', ' | ');
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
  const terms = foldText(text)
    .split(/\s+/)
    .filter(Boolean)
    .map((term) => term.split(ALTERNATIVE).map((alternative) => alternative.split(ALL_OF).filter(Boolean)));
  return (candidate) => terms.length > 0 && terms.every((term) => term.some((words) => words.length > 0 && words.every((w) => candidate.includes(w))));
}

/** The shopper's own words of a text the vocabulary expanded (each word's first alternative): what the code look-up and the information pages match. */
export function shopperText(text: string): string {
  return text.includes(ALTERNATIVE) ? text.split(/\s+/).map((term) => term.split(ALTERNATIVE)[0]).join(' ') : text;
}
