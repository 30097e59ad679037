import type { FastifyInstance } from 'fastify';
import type { BrakeProduct, EngineNode, FinderRowsResponse, GraphQLResponse, ListingResponse, ProjectorResponse } from '../../src/api/wire';
import { AXIS, BRAKE_CATEGORY, TRAIT } from '../../src/api/wire';
import { startTestShop, Visitor, type TestShop } from './helpers';

/**
 * The brake finder's calls (brake-shop spec sections 2, 4 and 7): axes and categories asked
 * with the spec's parameters, the engine field as an id or a built vehicle, the vehicle of
 * result links as traits_alt[172622], engine data per country, engine compatibility traits.
 */
let app: FastifyInstance;
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
  ({ app } = shop);
});
afterAll(async () => {
  await shop.close();
});

interface Vehicle {
  engine: number;
  brand: string;
  model: string;
  generation: string;
  engineName: string;
  generationId: number;
  modelId: number;
}

/** An engine with products on both axes. */
function vehicleWithAxes(): Promise<Vehicle> {
  return shop.one<Vehicle>(
    `SELECT e.id AS engine, b.name AS brand, m.name AS model, g.name AS generation, e.name AS "engineName", g.id AS "generationId", m.id AS "modelId"
     FROM engines e JOIN generations g ON g.id = e.generation_id JOIN models m ON m.id = g.model_id JOIN brands b ON b.id = m.brand_id
     WHERE (SELECT COUNT(DISTINCT p.axis_id) FROM fitments f JOIN products p ON p.id = f.product_id WHERE f.engine_id = e.id AND p.axis_id IS NOT NULL) = 2
     ORDER BY e.id LIMIT 1`,
  );
}

const rows = async (url: string) => {
  const response = await app.inject({ method: 'GET', url });
  expect([url, response.statusCode]).toEqual([url, 200]);
  return (response.json() as FinderRowsResponse).values;
};

const q = (value: string) => encodeURIComponent(value);

describe('GET /search.php: the finder rows', () => {
  it('axes: traits_alt[148722] (asked) with the engine field traits_alt[49], rows [id, name, count]', async () => {
    const vehicle = await vehicleWithAxes();
    const axes = await rows(`/search.php?json=true&traits_alt[148722]=&traits_alt[49]=${vehicle.engine}`);
    expect(axes.map(([id]) => id).sort()).toEqual([AXIS.front, AXIS.rear].sort());
    for (const [id, , count] of axes) {
      const expected = await shop.one<{ n: number }>(
        'SELECT COUNT(*) AS n FROM products p JOIN fitments f ON f.product_id = p.id WHERE f.engine_id = ? AND p.axis_id = ?',
        vehicle.engine,
        id,
      );
      expect(count).toBe(expected.n);
    }
  });

  it('categories: traits_alt[24] (asked) with the engine and the axis', async () => {
    const vehicle = await vehicleWithAxes();
    const categories = await rows(`/search.php?json=true&traits_alt[24]=&traits_alt[49]=${vehicle.engine}&traits_alt[148722]=${AXIS.front}`);
    const pads = categories.find(([id]) => id === BRAKE_CATEGORY.pads)!;
    const expected = await shop.one<{ n: number }>(
      'SELECT COUNT(*) AS n FROM products p JOIN fitments f ON f.product_id = p.id WHERE f.engine_id = ? AND p.axis_id = ? AND p.category_id = ?',
      vehicle.engine,
      AXIS.front,
      BRAKE_CATEGORY.pads,
    );
    expect(pads[2]).toBe(expected.n);
    expect(categories.every((row) => row.length === 3 && typeof row[1] === 'string')).toBe(true);
  });

  it('a built engine field (names, brand and model at least) answers like the ids it names', async () => {
    const vehicle = await vehicleWithAxes();
    const byId = await rows(`/search.php?json=true&traits_alt[148722]=&traits_alt[49]=${vehicle.engine}`);
    const built = [vehicle.brand, vehicle.model, vehicle.generation, vehicle.engineName].join('|');
    expect(await rows(`/search.php?json=true&traits_alt[148722]=&traits_alt[49]=${q(built)}`)).toEqual(byId);
    // Brand and model only: every engine of the model, so at least as many products per axis.
    const byModel = await rows(`/search.php?json=true&traits_alt[148722]=&traits_alt[49]=${q(`${vehicle.brand}|${vehicle.model}`)}`);
    for (const [id, , count] of byId) expect(byModel.find((row) => row[0] === id)![2]).toBeGreaterThanOrEqual(count);
    // Names compare accents and case aside; an unknown vehicle has no rows with products.
    expect(await rows(`/search.php?json=true&traits_alt[148722]=&traits_alt[49]=${q(built.toUpperCase())}`)).toEqual(byId);
    expect((await rows(`/search.php?json=true&traits_alt[148722]=&traits_alt[49]=${q('Nessuna|Auto')}`)).every((row) => row[2] === 0)).toBe(true);
  });

  it.each([
    ['no engine field', '/search.php?json=true&traits_alt[148722]='],
    ['categories without an axis', '/search.php?json=true&traits_alt[24]=&traits_alt[49]=20000'],
    ['a brand alone', `/search.php?json=true&traits_alt[148722]=&traits_alt[49]=${q('Fiat')}`],
    ['five levels', `/search.php?json=true&traits_alt[148722]=&traits_alt[49]=${q('a|b|c|d|e')}`],
    ['an engine id of 0', '/search.php?json=true&traits_alt[148722]=&traits_alt[49]=0'],
  ])('refuses %s with a 400 JSON error', async (_name, url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
  });
});

describe('GET /search.php: a finder result link (the vehicle as traits_alt[172622])', () => {
  const listing = async (url: string) => (await app.inject({ method: 'GET', url })).json() as ListingResponse;

  it('lists the products that fit the vehicle, in the chosen axis and category', async () => {
    const vehicle = await vehicleWithAxes();
    const link = `/search.php?json=true&traits_alt[172622]=${vehicle.engine}&traits_alt[148722]=${AXIS.front}&traits_alt[24]=${BRAKE_CATEGORY.pads}&limit=96`;
    const body = await listing(link);
    const expected = (
      await shop.sql<{ id: number }>(
        'SELECT p.id FROM products p JOIN fitments f ON f.product_id = p.id WHERE f.engine_id = ? AND p.axis_id = ? AND p.category_id = ?',
        vehicle.engine,
        AXIS.front,
        BRAKE_CATEGORY.pads,
      )
    ).map((r) => r.id);
    expect(body.total).toBe(expected.length);
    expect(body.products.map((p) => p.id).sort()).toEqual(expected.sort());
    // The same vehicle as a built result.
    const built = [vehicle.brand, vehicle.model, vehicle.generation, vehicle.engineName].join('|');
    expect((await listing(link.replace(`=${vehicle.engine}&`, `=${q(built)}&`))).total).toBe(expected.length);
  });

  it('still finds the products of a replacement code (the same parameter)', async () => {
    const code = await shop.one<{ id: number; product_id: number }>(
      'SELECT v.id, pp.product_id FROM param_values v JOIN product_params pp ON pp.value_id = v.id WHERE v.param_id = ? ORDER BY v.id, pp.product_id LIMIT 1',
      TRAIT.replacementCode,
    );
    const body = await listing(`/search.php?json=true&traits_alt[172622]=${code.id}`);
    expect(body.products.map((p) => p.id)).toContain(code.product_id);
  });
});

describe('the finder\'s brake product query with a built vehicle', () => {
  it('products(searchInput: { parameters: axis + category, vehicle }) gives the products of every engine under it', async () => {
    const vehicle = await vehicleWithAxes();
    const query = `{ products(searchInput: { parameters: [{ id: 148722, values: [${AXIS.front}] }, { id: 24, values: [${BRAKE_CATEGORY.pads}] }], vehicle: ${JSON.stringify(`${vehicle.brand}|${vehicle.model}`)} }) { products { id } } }`;
    const response = await new Visitor(app).request({ method: 'POST', url: '/graphql/v1/?products', json: { query } });
    const found = (response.json() as GraphQLResponse<{ products: { products: BrakeProduct[] } }>).data!.products.products.map((p) => p.id);
    const expected = (
      await shop.sql<{ id: number }>(
        `SELECT DISTINCT p.id FROM products p JOIN fitments f ON f.product_id = p.id JOIN engines e ON e.id = f.engine_id JOIN generations g ON g.id = e.generation_id
         WHERE g.model_id = ? AND p.axis_id = ? AND p.category_id = ?`,
        vehicle.modelId,
        AXIS.front,
        BRAKE_CATEGORY.pads,
      )
    ).map((r) => r.id);
    expect(found.length).toBe(Math.min(expected.length, 50));
    expect(found.every((id) => expected.includes(id))).toBe(true);
  });

  it('refuses a malformed vehicle, or an engine id and a vehicle together', async () => {
    for (const input of ['vehicle: "Fiat"', 'parameters: [{ id: 49, values: [20000] }], vehicle: "Fiat|Panda"']) {
      const response = await new Visitor(app).request({ method: 'POST', url: '/graphql/v1/?products', json: { query: `{ products(searchInput: { ${input} }) { products { id } } }` } });
      expect(response.statusCode).toBe(400);
      expect((response.json() as GraphQLResponse<unknown>).errors?.[0].message).toEqual(expect.any(String));
    }
  });
});

describe('engine data per country', () => {
  it.each(['it', 'pl', 'en'])('serves /data/include/cms/%s/engine_categories_marka.json and the letter files', async (country) => {
    const initials = await app.inject({ method: 'GET', url: `/data/include/cms/${country}/engine_categories_marka.json` });
    expect(initials.statusCode).toBe(200);
    const letters = initials.json() as EngineNode[];
    expect(letters.length).toBeGreaterThan(5);
    const letter = letters[0].n;
    const tree = await app.inject({ method: 'GET', url: `/data/include/cms/${country}/engine_categories_${letter}.json` });
    expect(tree.statusCode).toBe(200);
    const brands = tree.json() as EngineNode[];
    expect(brands.map((b) => b.n).sort()).toEqual((letters[0].c ?? []).map((b) => b.n).sort());
    // Leaves are engines with their direct id.
    expect(brands[0].c![0].c![0].c![0]).toEqual({ n: expect.any(String), id: expect.any(Number) });
  });

  it('answers 404 JSON for an unknown country or letter file', async () => {
    for (const url of ['/data/include/cms/xx/engine_categories_marka.json', '/data/include/cms/pl/engine_categories_ab.json']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
    }
  });
});

describe('descriptions without an engine list (discs)', () => {
  it('name the heading the finder goes before and keep the engines in traits 49 and 181409', async () => {
    const { id } = await shop.one<{ id: number }>(
      'SELECT p.id FROM products p WHERE p.category_id = ? AND EXISTS (SELECT 1 FROM fitments f WHERE f.product_id = p.id) ORDER BY p.id LIMIT 1',
      BRAKE_CATEGORY.discs,
    );
    const page = (await app.inject({ method: 'GET', url: `/ajax/projector.php?action=get&get=product,traits&product=${id}` })).json() as ProjectorResponse;
    expect(page.product!.longDescription).not.toContain('engine-list');
    expect(page.product!.longDescription).toContain('data-tech-name="Informazioni sul prodotto"');
    expect(page.product!.longDescription).toContain('<h3>Informazioni sul prodotto</h3>');
    const traits = page.traits!;
    for (const group of [TRAIT.engine, TRAIT.engineCompat]) expect(traits.find((t) => t.groupid === group)?.description).toMatch(/^<ul><li>.+<\/li><\/ul>$/);
  });
});
