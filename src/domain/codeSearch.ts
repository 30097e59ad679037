import { CODE_SEARCH_MIN_CHARS, LIVE_SEARCH_MIN_CHARS } from './searchText';
import type { SubstituteEntry } from '../api/wire';

/**
 * Which live search a query gets (brake-shop spec sections 4, 5 and 9): the live search starts
 * at 2 characters after 500 ms idle, for every text; a query that looks like a part or OE code
 * (letters and digits with at least one digit, separators . - / allowed, no space inside) takes
 * the code search's extra path from 4 code characters (1000 ms, with its alternative codes).
 * Below 4, code-like text ("A4", "C3", "159", "G12") is searched as text: the code search is an
 * extra path, not a reason for silence.
 */
export const LIVE_SEARCH_DELAY_MS = 500;
export const CODE_SEARCH_DELAY_MS = 1000;
/** Results per group in the dropdown. */
export const LIVE_SEARCH_RESULTS_PER_GROUP = 3;

export type SearchPlan = { kind: 'none' } | { kind: 'text'; delayMs: number } | { kind: 'code'; delayMs: number; code: string };

const CODE_SHAPE = /^[\p{L}\p{N}](?:[\p{L}\p{N}./-]*[\p{L}\p{N}])?$/u;

/** A code without its separators, upper case: "0 986-494.123" -> "0986494123". */
export function normaliseCode(text: string): string {
  return text.toUpperCase().replace(/[\s./-]/g, '');
}

/** True for "GDB1234", "13.0460-2838.2", "0986494": one word of letters/digits with a digit. */
export function looksLikeCode(text: string): boolean {
  const trimmed = text.trim();
  return CODE_SHAPE.test(trimmed) && /\p{N}/u.test(trimmed);
}

export function searchPlan(text: string): SearchPlan {
  const trimmed = text.trim();
  if (looksLikeCode(trimmed)) {
    const code = normaliseCode(trimmed);
    if (code.length >= CODE_SEARCH_MIN_CHARS) return { kind: 'code', delayMs: CODE_SEARCH_DELAY_MS, code };
  }
  return trimmed.length >= LIVE_SEARCH_MIN_CHARS ? { kind: 'text', delayMs: LIVE_SEARCH_DELAY_MS } : { kind: 'none' };
}

/** The product id in a product page address (/product-123-slug.html), or null. */
export function productIdOfLink(link: string): number | null {
  const match = /\/product-(\d+)-/.exec(link);
  return match ? Number(match[1]) : null;
}

/**
 * "Also known as" for a code search (substitutes.json: one entry per part, `value` its
 * alternative codes): the codes of the found parts (`productIds`) and of the parts one of whose
 * codes starts with the typed code, each once, the typed code's own spellings left out.
 */
export function alternativeCodes(substitutes: readonly SubstituteEntry[], code: string, productIds: readonly number[] = [], limit = 6): string[] {
  const wanted = normaliseCode(code);
  if (wanted.length < CODE_SEARCH_MIN_CHARS) return [];
  const found = new Set(productIds);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const entry of substitutes) {
    if (!found.has(entry.id) && !entry.value.some((value) => normaliseCode(value).startsWith(wanted))) continue;
    for (const value of entry.value) {
      const key = normaliseCode(value);
      if (key.startsWith(wanted) || seen.has(key)) continue;
      seen.add(key);
      out.push(value);
      if (out.length >= limit) return out;
    }
  }
  return out;
}
