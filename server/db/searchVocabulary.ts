import { foldText } from '../../src/domain/searchText';

/**
 * Forgiving words, exact numbers (issue 37, point 6): the words of the catalogue's product and
 * category names in each language, so that a shopper's word with one typo still finds
 * ("pastilie" finds pastiglie, "disci" dischi) and a word of another language of the shop finds
 * what the (Italian) search index holds ("klocki" finds pastiglie).
 *
 * A word with a digit is a code: never corrected, never translated (codes stay exact). A word
 * of 4+ letters that starts no word of the vocabulary (live search sends prefixes) is OR-ed with
 * the vocabulary's words at Damerau-Levenshtein distance 1. A word of another language is OR-ed
 * with its Italian counterpart: the Italian words every name carrying it shares.
 *
 * Built once from the catalogue (server/db/sharedReads.ts `searchVocabulary`), held in memory by
 * the repository and dropped with its caches on a catalogue change.
 *
 * The expansion travels in the search text itself, so every cache and backend sees one string:
 * ALTERNATIVE separates the alternatives of one query word, ALL_OF the words of one alternative
 * (characters a folded word never holds; server/db/searchTerms.ts reads them).
 */
export const ALTERNATIVE = '\u001f';
export const ALL_OF = '\u001e';

/** Alternatives of one word at most (the original, corrections and translations). */
const MAX_ALTERNATIVES = 8;
/** The shortest word a typo is forgiven in. */
const MIN_TYPO_LENGTH = 4;

export interface VocabularySource {
  /** The shop's (Italian) names of products and categories, by kind and id. */
  names: Iterable<{ kind: 'product' | 'category'; id: string; name: string }>;
  /** The same things' names in the other languages (catalogue_texts rows of kind product and category). */
  texts: Iterable<{ kind: string; id: string; language: string; text: string }>;
}

const wordsOf = (text: string): string[] => [...new Set(foldText(text).replace(/[^\p{L}\p{N}\s]/gu, ' ').split(/\s+/).filter((w) => w && !/\d/.test(w)))];

class Words {
  /** Sorted, for prefix look-ups. */
  readonly sorted: string[];
  /** By length, for the typo look-up. */
  private readonly byLength = new Map<number, string[]>();

  constructor(words: Iterable<string>) {
    this.sorted = [...new Set(words)].sort();
    for (const word of this.sorted) {
      const bucket = this.byLength.get(word.length);
      if (bucket) bucket.push(word);
      else this.byLength.set(word.length, [word]);
    }
  }

  has(word: string): boolean {
    const i = this.lowerBound(word);
    return this.sorted[i] === word;
  }

  /** The words starting with `prefix` (at most `max`). */
  startingWith(prefix: string, max: number): string[] {
    const out: string[] = [];
    for (let i = this.lowerBound(prefix); i < this.sorted.length && out.length < max && this.sorted[i].startsWith(prefix); i++) out.push(this.sorted[i]);
    return out;
  }

  /** The words at Damerau-Levenshtein (optimal string alignment) distance 1 from `word`. */
  oneTypoFrom(word: string): string[] {
    const out: string[] = [];
    for (const length of [word.length - 1, word.length, word.length + 1]) {
      for (const candidate of this.byLength.get(length) ?? []) if (oneEditApart(word, candidate)) out.push(candidate);
    }
    return out;
  }

  private lowerBound(word: string): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sorted[mid] < word) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** Whether `a` becomes `b` by one insertion, deletion, substitution or swap of neighbours (never equal). */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return false;
  if (a.length === b.length) {
    let first = -1;
    for (let i = 0; i < a.length; i++) {
      if (a[i] === b[i]) continue;
      if (first === -1) first = i;
      else {
        // A second difference: only a swap of the two neighbours, and nothing else after it.
        return i === first + 1 && a[first] === b[i] && a[i] === b[first] && a.slice(i + 1) === b.slice(i + 1);
      }
    }
    return true;
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  if (long.length - short.length !== 1) return false;
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  return short.slice(i) === long.slice(i + 1);
}

export class SearchVocabulary {
  private readonly italian: Words;
  private readonly others = new Map<string, { words: Words; italianOf: Map<string, string[]> }>();

  constructor(source: VocabularySource) {
    const italianNames = new Map<string, string[]>();
    for (const { kind, id, name } of source.names) italianNames.set(`${kind}|${id}`, wordsOf(name));
    this.italian = new Words([...italianNames.values()].flat());
    // Per language, per word: the Italian words every name carrying it shares (an intersection).
    const shared = new Map<string, Map<string, Set<string>>>();
    for (const row of source.texts) {
      if (row.kind !== 'product' && row.kind !== 'category') continue;
      const italian = italianNames.get(`${row.kind}|${row.id}`);
      if (!italian) continue;
      let language = shared.get(row.language);
      if (!language) shared.set(row.language, (language = new Map()));
      for (const word of wordsOf(row.text)) {
        const known = language.get(word);
        if (!known) language.set(word, new Set(italian));
        else if (known.size) for (const w of known) if (!italian.includes(w)) known.delete(w);
      }
    }
    for (const [language, words] of shared) {
      const italianOf = new Map<string, string[]>();
      for (const [word, set] of words) if (set.size && !set.has(word)) italianOf.set(word, [...set].sort());
      this.others.set(language, { words: new Words(words.keys()), italianOf });
    }
  }

  /** The Italian words and those of every other language (for tests and the bench). */
  get size(): number {
    return this.italian.sorted.length + [...this.others.values()].reduce((n, o) => n + o.words.sorted.length, 0);
  }

  /**
   * The shopper's text with each forgiven or translated word written as its alternatives
   * (ALTERNATIVE, ALL_OF); a text with nothing to forgive comes back as it is.
   */
  expand(text: string, language: string): string {
    const folded = foldText(text);
    const other = language === 'it' ? undefined : this.others.get(language);
    let changed = false;
    const words = folded.replace(/[^\p{L}\p{N}\s]/gu, ' ').split(/\s+/).filter(Boolean).map((word) => {
      const alternatives = this.alternatives(word, other);
      if (alternatives.length <= 1) return word;
      changed = true;
      return alternatives.map((alternative) => alternative.join(ALL_OF)).join(ALTERNATIVE);
    });
    return changed ? words.join(' ') : text;
  }

  private alternatives(word: string, other: { words: Words; italianOf: Map<string, string[]> } | undefined): string[][] {
    if (/\d/.test(word)) return [[word]];
    const out: string[][] = [[word]];
    const seen = new Set([word]);
    const add = (alternative: string[] | undefined) => {
      if (!alternative || out.length >= MAX_ALTERNATIVES) return;
      const key = alternative.join(' ');
      if (seen.has(key)) return;
      seen.add(key);
      out.push(alternative);
    };
    const translate = (w: string) => other?.italianOf.get(w);
    // A word (or the start of one) of the shopper's language: its Italian counterpart.
    const started = other ? other.words.startingWith(word, MAX_ALTERNATIVES) : [];
    for (const w of started) add(translate(w));
    const known = started.length > 0 || this.italian.startingWith(word, 1).length > 0;
    if (!known && word.length >= MIN_TYPO_LENGTH) {
      for (const w of this.italian.oneTypoFrom(word)) add([w]);
      if (other) for (const w of other.words.oneTypoFrom(word)) add(translate(w) ?? [w]);
    }
    return out;
  }
}
