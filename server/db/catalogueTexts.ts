/**
 * The catalogue's names and texts in the languages other than the shop's (issue 34; table
 * catalogue_texts, migration 11): categories, traits and their values, sizes, units, products'
 * names and descriptions. A name without a row in a language is shown as the shop has it (Italian).
 */
export type TextKind = 'category' | 'param' | 'value' | 'size' | 'unit' | 'product' | 'description';
export const TEXT_KINDS: readonly TextKind[] = ['category', 'param', 'value', 'size', 'unit', 'product', 'description'];

export interface CatalogueTextRow {
  kind: string;
  id: string;
  language: string;
  text: string;
}

export class CatalogueTexts {
  private readonly texts = new Map<string, string>();

  constructor(rows: Iterable<CatalogueTextRow> = []) {
    for (const row of rows) this.texts.set(`${row.language}|${row.kind}|${row.id}`, row.text);
  }

  get size(): number {
    return this.texts.size;
  }

  /** The text of a thing in a language, or `fallback` (the shop's own) when the catalogue has none. */
  text(kind: TextKind, id: string | number, language: string, fallback: string): string {
    return this.texts.get(`${language}|${kind}|${id}`) ?? fallback;
  }
}

export const NO_CATALOGUE_TEXTS = new CatalogueTexts();
