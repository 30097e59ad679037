import type { FastifyInstance } from 'fastify';
import { AXIS, BRAKE_CATEGORY, BRAKE_TRAIT, LISTING_TRAIT_FACETS, type ListingResponse } from '../../src/api/wire';
import { startTestShop, type TestShop } from './helpers';

/**
 * Filters that matter for brakes (issue 25, point 4): a listing offers the axle (front / rear)
 * and the brake system (the disc type and the disc diameter, traits of the demo catalogue) as
 * server-drawn links with their counts, like the category and producer filters; each link is a
 * listing of exactly the products carrying that value. Both backends.
 */
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
const page = (query: string) => app.inject({ url: `/search.php?${query}`, headers: { host: HOST, accept: 'text/html' } });
/** The page's text as a reader sees it: entities read, React's text separators gone. */
const decode = (text: string) => text.replace(/<!-- -->/g, '').replace(/&amp;/g, '&');

/** What the database says: how many products of a category carry each value of a trait. */
async function valueCounts(trait: number, category: number): Promise<Array<[number, string, number]>> {
  const rows = await shop.sql<{ id: number; name: string; n: number }>(
    `SELECT v.id, v.name, CAST(COUNT(*) AS INTEGER) AS n FROM param_values v JOIN product_params pp ON pp.value_id = v.id JOIN products p ON p.id = pp.product_id
     WHERE v.param_id = ? AND p.category_id = ? GROUP BY v.id, v.name`,
    trait,
    category,
  );
  return rows.map((r) => [Number(r.id), r.name, Number(r.n)] as [number, string, number]).sort((a, b) => Number(a[1]) - Number(b[1]) || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
}

describe('the listing data', () => {
  it('counts the axle and each brake-system trait value among the listing products, diameters in numeric order', async () => {
    const discs = await listing(`traits_alt%5B24%5D=${BRAKE_CATEGORY.discs}`);
    const axes = await shop.sql<{ id: number; n: number }>('SELECT axis_id AS id, CAST(COUNT(*) AS INTEGER) AS n FROM products WHERE category_id = ? AND axis_id IS NOT NULL GROUP BY axis_id ORDER BY axis_id', BRAKE_CATEGORY.discs);
    expect(discs.axes).toEqual(axes.map((r) => [Number(r.id), expect.any(String), Number(r.n)]));
    expect(discs.axes!.map(([id]) => id).sort()).toEqual([AXIS.front, AXIS.rear].sort());
    // A disc listing offers the brake system first, then the rest of a disc's measures (issue 37; brakeMeasures.test.ts).
    expect(discs.traitFacets!.map((facet) => facet.trait).slice(0, 2)).toEqual([...LISTING_TRAIT_FACETS]);
    const type = discs.traitFacets!.find((facet) => facet.trait === BRAKE_TRAIT.discType)!;
    expect(type.values.sort((a, b) => a[0] - b[0])).toEqual((await valueCounts(BRAKE_TRAIT.discType, BRAKE_CATEGORY.discs)).sort((a, b) => a[0] - b[0]));
    expect(type.values.map(([, name]) => name).sort()).toEqual(['forato', 'pieno', 'ventilato']);
    const diameter = discs.traitFacets!.find((facet) => facet.trait === BRAKE_TRAIT.discDiameter)!;
    expect(diameter.values).toEqual(await valueCounts(BRAKE_TRAIT.discDiameter, BRAKE_CATEGORY.discs));
    expect(diameter.values.map(([, name]) => Number(name))).toEqual([...diameter.values.map(([, name]) => Number(name))].sort((a, b) => a - b));
    // Pads have no disc: their listing offers no brake-system facet (a pad's own measures instead).
    const pads = await listing(`traits_alt%5B24%5D=${BRAKE_CATEGORY.pads}`);
    for (const trait of LISTING_TRAIT_FACETS) expect(pads.traitFacets!.map((facet) => facet.trait)).not.toContain(trait);
    // A listing of every category offers the brake system, counted among all its products.
    const all = await listing('limit=24');
    expect(all.traitFacets!.map((facet) => facet.trait)).toEqual([...LISTING_TRAIT_FACETS]);
    expect(all.traitFacets!.find((facet) => facet.trait === BRAKE_TRAIT.discType)!.values.length).toBe(3);
  });

  it('a chosen value filters the products and leaves its own trait counted without it (every value one link away)', async () => {
    const [ventilated] = (await valueCounts(BRAKE_TRAIT.discType, BRAKE_CATEGORY.discs)).filter(([, name]) => name === 'ventilato');
    const chosen = await listing(`traits_alt%5B24%5D=${BRAKE_CATEGORY.discs}&traits_alt%5B${BRAKE_TRAIT.discType}%5D=${ventilated[0]}&limit=96`);
    expect(chosen.total).toBe(ventilated[2]);
    const carrying = await shop.sql<{ id: number }>('SELECT product_id AS id FROM product_params WHERE value_id = ? ORDER BY product_id', ventilated[0]);
    const ids = new Set(carrying.map((r) => Number(r.id)));
    for (const product of chosen.products) expect(ids.has(product.id)).toBe(true);
    const type = chosen.traitFacets!.find((facet) => facet.trait === BRAKE_TRAIT.discType)!;
    expect(type.values.length).toBe(3);
    // The other trait and the axle are counted among the ventilated discs only.
    const axleTotal = chosen.axes!.reduce((sum, [, , n]) => sum + n, 0);
    expect(axleTotal).toBe(ventilated[2]);
    const front = await listing(`traits_alt%5B24%5D=${BRAKE_CATEGORY.discs}&traits_alt%5B${BRAKE_TRAIT.discType}%5D=${ventilated[0]}&traits_alt%5B148722%5D=${AXIS.front}&limit=96`);
    expect(front.total).toBe(chosen.axes!.find(([id]) => id === AXIS.front)![2]);
    for (const product of front.products) expect(product.name).toMatch(/anterior/);
  });
});

describe('the listing page', () => {
  it('draws the axle, disc type and disc diameter as links with counts, in the page language, the chosen one marked', async () => {
    const discs = await listing(`traits_alt%5B24%5D=${BRAKE_CATEGORY.discs}`);
    const response = await page(`traits_alt%5B24%5D=${BRAKE_CATEGORY.discs}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const filters = /<aside id="listing-filters"[\s\S]*?<\/aside>/.exec(html)![0];
    for (const heading of ['Asse', 'Tipo di disco', 'Diametro del disco']) expect(filters).toContain(`<h2>${heading}</h2>`);
    const front = discs.axes!.find(([id]) => id === AXIS.front)!;
    expect(decode(filters)).toContain(`href="/search.php?traits_alt%5B24%5D=${BRAKE_CATEGORY.discs}&traits_alt%5B148722%5D=${AXIS.front}">Anteriore <span class="count">(${front[2]})</span>`);
    const diameter = discs.traitFacets!.find((facet) => facet.trait === BRAKE_TRAIT.discDiameter)!;
    for (const [id, name, count] of diameter.values) {
      expect(decode(filters)).toContain(`traits_alt%5B${BRAKE_TRAIT.discDiameter}%5D=${id}">${name} mm <span class="count">(${count})</span>`);
    }
    // Following a link: the page of that value, marked as chosen, with a way back to all values.
    const [id] = diameter.values[0];
    const chosen = await page(`traits_alt%5B24%5D=${BRAKE_CATEGORY.discs}&traits_alt%5B${BRAKE_TRAIT.discDiameter}%5D=${id}`);
    expect(chosen.statusCode).toBe(200);
    const chosenFilters = decode(/<aside id="listing-filters"[\s\S]*?<\/aside>/.exec(chosen.body)![0]);
    expect(chosenFilters).toContain(`traits_alt%5B${BRAKE_TRAIT.discDiameter}%5D=${id}" aria-current="true">`);
    expect(chosenFilters).toMatch(new RegExp(`<ul class="filters__facet" data-facet="traits_alt\\[${BRAKE_TRAIT.discDiameter}\\]"><li><a href="/search.php\\?traits_alt%5B24%5D=${BRAKE_CATEGORY.discs}">Tutti</a>`));
    // In English at its own address, the same filters in English.
    const english = await app.inject({ url: `/en/search.php?traits_alt%5B24%5D=${BRAKE_CATEGORY.discs}`, headers: { host: HOST, accept: 'text/html' } });
    expect(english.body).toContain('<h2>Disc diameter</h2>');
    expect(decode(english.body)).toContain(`href="/en/search.php?traits_alt%5B24%5D=${BRAKE_CATEGORY.discs}&traits_alt%5B148722%5D=${AXIS.rear}">Rear`);
  });
});
