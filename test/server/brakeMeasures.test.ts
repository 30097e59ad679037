import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { BRAKE_CATEGORY, BRAKE_MEASURE, type ListingResponse } from '../../src/api/wire';
import { DISC_MEASURES, PAD_MEASURES, type BrakeMeasureDefinition } from '../../src/domain/brakeMeasures';
import { importCatalogueFile, openCatalogueDb, type OpenedCatalogueDb } from '../../server/db/catalogue/importer';
import { exportCatalogue } from '../../server/db/catalogue/store';
import { BACKEND, productPath, startTestShop, type TestShop } from './helpers';

/**
 * Brakes by their measures (issue 37, point 3): a disc listing offers every disc measure, a
 * pad listing every pad measure, as server-drawn filters whose values carry how many of the
 * listing's products have them, each counted without its own choice; a product page says its
 * measures; the catalogue file carries them (a measure is a number) and the export keeps them.
 * Both backends.
 */
jest.setTimeout(60_000);
const HOST = 'shop.test';
let app: FastifyInstance;
let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop();
  ({ app } = shop);
});
afterAll(async () => {
  await shop.close();
});

const listing = async (query: string): Promise<ListingResponse> => {
  const response = await app.inject({ url: `/search.php?json=true&${query}` });
  expect(response.statusCode).toBe(200);
  return response.json<ListingResponse>();
};
const decode = (text: string) => text.replace(/<!-- -->/g, '').replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'");
const byId = (a: [number, string, number], b: [number, string, number]) => a[0] - b[0];

/** What the database says: how many products of `category` (and carrying every value of `having`) carry each value of `trait`. */
async function valueCounts(trait: number, category: number, having: number[] = []): Promise<Array<[number, string, number]>> {
  const rows = await shop.sql<{ id: number; name: string; n: number }>(
    `SELECT v.id, v.name, CAST(COUNT(*) AS INTEGER) AS n FROM param_values v JOIN product_params pp ON pp.value_id = v.id JOIN products p ON p.id = pp.product_id
     WHERE v.param_id = ? AND p.category_id = ? ${having.map(() => 'AND p.id IN (SELECT h.product_id FROM product_params h WHERE h.value_id = ?)').join(' ')} GROUP BY v.id, v.name`,
    trait,
    category,
    ...having,
  );
  return rows.map((r) => [Number(r.id), r.name, Number(r.n)] as [number, string, number]).sort(byId);
}

const facetOf = (response: ListingResponse, trait: number) => response.traitFacets!.find((facet) => facet.trait === trait)!;
const categoryQuery = (category: number) => `traits_alt%5B24%5D=${category}`;

describe.each([
  ['disc', BRAKE_CATEGORY.discs, DISC_MEASURES],
  ['pad', BRAKE_CATEGORY.pads, PAD_MEASURES],
] as Array<[string, number, readonly BrakeMeasureDefinition[]]>)(`a %s listing (${BACKEND})`, (kind, category, measures) => {
  it(`offers every ${kind} measure, in order, each value with the count of the listing's products carrying it`, async () => {
    const all = await listing(categoryQuery(category));
    expect(all.traitFacets!.map((facet) => facet.trait)).toEqual(measures.map((m) => m.trait));
    for (const measure of measures) {
      const facet = facetOf(all, measure.trait);
      expect([...facet.values].sort(byId)).toEqual(await valueCounts(measure.trait, category));
      expect(facet.values.length).toBeGreaterThan(1);
      if (measure.numeric) expect(facet.values.map(([, name]) => Number(name))).toEqual(facet.values.map(([, name]) => Number(name)).sort((a, b) => a - b));
    }
  });

  it.each(measures.map((m) => [m.key, m] as const))('filters by %s, counting that measure without its own choice and the others among the chosen', async (_key, measure) => {
    const all = await listing(categoryQuery(category));
    const [value, name, count] = [...facetOf(all, measure.trait).values].sort((a, b) => b[2] - a[2])[0];
    const chosen = await listing(`${categoryQuery(category)}&traits_alt%5B${measure.trait}%5D=${value}&limit=96`);
    expect(chosen.total).toBe(count);
    expect(chosen.total).toBeGreaterThan(0);
    const carrying = new Set((await shop.sql<{ id: number }>('SELECT product_id AS id FROM product_params WHERE value_id = ?', value)).map((r) => Number(r.id)));
    for (const product of chosen.products) expect(carrying.has(product.id)).toBe(true);
    // Its own facet: every value still one link away, counted as without the choice.
    expect(facetOf(chosen, measure.trait).values).toEqual(facetOf(all, measure.trait).values);
    // Every other measure: counted among the products with that value.
    for (const other of measures.filter((m) => m.trait !== measure.trait)) {
      expect([...facetOf(chosen, other.trait).values].sort(byId)).toEqual(await valueCounts(other.trait, category, [value]));
    }
    // Two measures at once: the listing is the products with both, and each facet counts without its own choice only.
    const other = measures.find((m) => m.trait !== measure.trait)!;
    const [otherValue, , otherCount] = [...facetOf(chosen, other.trait).values].sort((a, b) => b[2] - a[2])[0];
    const both = await listing(`${categoryQuery(category)}&traits_alt%5B${measure.trait}%5D=${value}&traits_alt%5B${other.trait}%5D=${otherValue}`);
    expect(both.total).toBe(otherCount);
    expect([...facetOf(both, measure.trait).values].sort(byId)).toEqual(await valueCounts(measure.trait, category, [otherValue]));
    expect(name).not.toBe('');
  });
});

describe(`the listing page and the product page (${BACKEND})`, () => {
  it('draws each disc measure as a titled filter of links with counts, lengths in mm, in the page language', async () => {
    const discs = await listing(categoryQuery(BRAKE_CATEGORY.discs));
    const html = decode((await app.inject({ url: `/search.php?${categoryQuery(BRAKE_CATEGORY.discs)}`, headers: { host: HOST, accept: 'text/html' } })).body);
    const filters = /<aside id="listing-filters"[\s\S]*?<\/aside>/.exec(html)![0];
    for (const heading of ['Tipo di disco', 'Diametro del disco', 'Spessore del disco', 'Spessore minimo', 'Diametro di centraggio', 'Numero di fori']) expect(filters).toContain(`<h2>${heading}</h2>`);
    for (const [id, name, count] of facetOf(discs, BRAKE_MEASURE.discCentring).values) {
      expect(filters).toContain(`traits_alt%5B${BRAKE_MEASURE.discCentring}%5D=${id}">${name} mm <span class="count">(${count})</span>`);
    }
    for (const [id, name, count] of facetOf(discs, BRAKE_MEASURE.discHoles).values) {
      expect(filters).toContain(`traits_alt%5B${BRAKE_MEASURE.discHoles}%5D=${id}">${name} <span class="count">(${count})</span>`);
    }
    const pads = decode((await app.inject({ url: `/en/search.php?${categoryQuery(BRAKE_CATEGORY.pads)}`, headers: { host: HOST, accept: 'text/html' } })).body);
    for (const heading of ['Width', 'Height', 'Thickness', 'Wear indicator']) expect(pads).toContain(`<h2>${heading}</h2>`);
    expect(pads).not.toContain('<h2>Disc type</h2>');
  });

  it("a disc's and a pad's page name their measures among the facts, in each language", async () => {
    for (const [category, measures, words] of [
      [BRAKE_CATEGORY.discs, DISC_MEASURES, { it: 'Diametro di centraggio', pl: 'Średnica centrowania', en: 'Centring diameter' }],
      [BRAKE_CATEGORY.pads, PAD_MEASURES, { it: 'Segnalatore d\u2019usura', pl: 'Wskaźnik zużycia', en: 'Wear indicator' }],
    ] as const) {
      const { id } = await shop.one<{ id: number }>("SELECT MIN(id) AS id FROM products WHERE category_id = ? AND type = 'product_item' AND id > 100", category);
      const path = await productPath(app, Number(id));
      for (const [language, word] of Object.entries(words)) {
        const body = decode((await app.inject({ url: `${language === 'it' ? '' : `/${language}`}${path}`, headers: { host: HOST, accept: 'text/html' } })).body);
        const facts = /<dl class="product__facts">[\s\S]*?<\/dl>/.exec(body)![0];
        expect(facts).toContain(`<dt>${word}</dt>`);
        for (const measure of measures) {
          const value = await shop.one<{ name: string }>('SELECT v.name FROM product_params pp JOIN param_values v ON v.id = pp.value_id WHERE pp.product_id = ? AND v.param_id = ?', id, measure.trait);
          if (language === 'it') expect(facts).toContain(`<dd data-measure="${measure.key}">${measure.unit === 'mm' ? `${value.name} mm` : value.name}</dd>`);
          else expect(facts).toContain(`<dd data-measure="${measure.key}">`);
        }
      }
    }
  });
});

describe(`the catalogue file (${BACKEND})`, () => {
  let catalogue: OpenedCatalogueDb;
  beforeAll(async () => {
    catalogue = await openCatalogueDb({ databaseUrl: shop.databaseUrl, sqlitePath: join(shop.dir, 'shop.sqlite') });
  });
  afterAll(async () => {
    await catalogue.close();
  });
  type Line = Record<string, unknown> & { kind: string };
  const SAMPLE = join(__dirname, '..', '..', 'catalogue', 'sample.jsonl');
  const readLines = (): Line[] => readFileSync(SAMPLE, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Line);
  const writeLines = (name: string, lines: Line[]) => {
    const path = join(shop.dir, name);
    writeFileSync(path, lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
    return path;
  };
  const exportNow = async () => {
    const lines: string[] = [];
    await exportCatalogue(catalogue.db, (line) => void lines.push(line));
    return lines.map((line) => JSON.parse(line) as Line);
  };

  it('carries the measures: the imported listing offers them, the export keeps them, a measure that is not a number is refused', async () => {
    const lines = readLines();
    const bad = structuredClone(lines);
    const diameter = bad.find((line) => line.kind === 'trait' && line.param_id === BRAKE_MEASURE.discDiameter)!;
    diameter.name = 'large';
    const refused = await importCatalogueFile(catalogue.db, writeLines('measures-bad.jsonl', bad));
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.errors).toContainEqual(expect.objectContaining({ line: bad.indexOf(diameter) + 1, field: 'name', reason: expect.stringMatching(/brake measure/) }));

    // The server hears the import through the catalogue change log and drops its kept counts.
    const padsIn = (file: Line[]) => file.filter((line) => line.kind === 'product' && line.category_id === BRAKE_CATEGORY.pads).length;
    const heard = async (file: Line[]) => {
      let answer = await listing(categoryQuery(BRAKE_CATEGORY.pads));
      for (let tries = 0; tries < 100 && answer.total !== padsIn(file); tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        answer = await listing(categoryQuery(BRAKE_CATEGORY.pads));
      }
      expect(answer.total).toBe(padsIn(file));
      return answer;
    };
    expect((await importCatalogueFile(catalogue.db, writeLines('measures.jsonl', lines))).ok).toBe(true);
    const pads = await heard(lines);
    const fileCounts = (trait: number) => {
      const values = new Map(lines.filter((line) => line.kind === 'trait' && line.param_id === trait).map((line) => [line.id as number, line.name as string]));
      const counts = new Map<number, number>();
      for (const product of lines.filter((line) => line.kind === 'product' && line.category_id === BRAKE_CATEGORY.pads)) {
        for (const value of product.traits as number[]) if (values.has(value)) counts.set(value, (counts.get(value) ?? 0) + 1);
      }
      return [...counts].map(([id, n]) => [id, values.get(id)!, n] as [number, string, number]).sort(byId);
    };
    for (const measure of PAD_MEASURES) {
      expect([...facetOf(pads, measure.trait).values].sort(byId)).toEqual(fileCounts(measure.trait));
      expect(facetOf(pads, measure.trait).values.length).toBeGreaterThan(0);
    }
    const exported = await exportNow();
    const measureTraits = (file: Line[]) => file.filter((line) => line.kind === 'trait' && [...DISC_MEASURES, ...PAD_MEASURES].some((m) => m.trait === line.param_id));
    expect(measureTraits(exported).map(({ id, param_id, name }) => ({ id, param_id, name }))).toEqual(measureTraits(lines).map(({ id, param_id, name }) => ({ id, param_id, name })));
    expect((await importCatalogueFile(catalogue.db, writeLines('measures-round.jsonl', exported))).ok).toBe(true);
    expect((await heard(exported)).traitFacets).toEqual(pads.traitFacets);
  });
});
