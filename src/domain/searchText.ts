/**
 * Search text rules (brake-shop spec sections 5 and 9): matching is case-insensitive with
 * accented letters folded; live search starts at 2 characters, a submit needs 3, the code
 * search 4, the finder's vehicle search more than 2.
 */
export const LIVE_SEARCH_MIN_CHARS = 2;
export const SEARCH_SUBMIT_MIN_CHARS = 3;
export const CODE_SEARCH_MIN_CHARS = 4;
export const FINDER_SEARCH_MIN_CHARS = 3;

const SPECIAL_LETTERS: Record<string, string> = { ł: 'l', ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', þ: 'th' };

/** Lower case, accents removed (à->a, é->e, ł->l, ß->ss), whitespace collapsed. */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[łßæœøđðþ]/g, (c) => SPECIAL_LETTERS[c] ?? c)
    .replace(/\s+/g, ' ')
    .trim();
}

export function canStartLiveSearch(text: string): boolean {
  return text.trim().length >= LIVE_SEARCH_MIN_CHARS;
}

export function canSubmitSearch(text: string): boolean {
  return text.trim().length >= SEARCH_SUBMIT_MIN_CHARS;
}

export function canSearchCode(text: string): boolean {
  return text.replace(/\s+/g, '').length >= CODE_SEARCH_MIN_CHARS;
}

export function canSearchVehicle(text: string): boolean {
  return text.trim().length >= FINDER_SEARCH_MIN_CHARS;
}

/** True when every word of the query occurs in the candidate, both folded. */
export function matchesSearch(candidate: string, query: string): boolean {
  const words = foldText(query).split(' ').filter(Boolean);
  const folded = foldText(candidate);
  return words.length > 0 && words.every((word) => folded.includes(word));
}
