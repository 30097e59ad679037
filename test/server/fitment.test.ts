import type { FastifyInstance } from 'fastify';
import type { ApiError, BasketChangeResponse, BasketResponse, FitmentAnswer } from '../../src/api/wire';
import { AXIS } from '../../src/api/wire';
import { FIT_NOTE_CODES, MONTH_PATTERN, parseFitNote } from '../../src/domain/fitNotes';
import Database from 'better-sqlite3';
import { migrate, MIGRATIONS } from '../../server/db/schema';
import { startTestShop, Visitor, type TestShop } from './helpers';

/**
 * Fitment qualifiers (issue 25, migration 9): every fit of the demo catalogue carries the axle
 * position of its part, and some a production-month range inside the engine's generation and a
 * note; `GET /ajax/fitment.php` answers them from the repository on both backends.
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

interface QualifiedFit {
  engineId: number;
  productId: number;
  position: string | null;
  fromMonth: string | null;
  toMonth: string | null;
  note: string | null;
  axis: number | null;
  category: number;
  yearFrom: number;
  yearTo: number | null;
}

const FITS = `SELECT f.engine_id AS "engineId", f.product_id AS "productId", f.position, f.from_month AS "fromMonth", f.to_month AS "toMonth", f.note,
  p.axis_id AS axis, p.category_id AS category, g.year_from AS "yearFrom", g.year_to AS "yearTo"
  FROM fitments f JOIN products p ON p.id = f.product_id JOIN engines e ON e.id = f.engine_id JOIN generations g ON g.id = e.generation_id`;

describe('the demo catalogue fitments', () => {
  it('carry the axle of their part, production months inside the generation, and notes the storefront knows', async () => {
    const fits = await shop.sql<QualifiedFit>(`${FITS} ORDER BY f.engine_id, f.product_id`);
    expect(fits.length).toBeGreaterThan(1000);
    for (const fit of fits) {
      const expected = fit.category === 160001 || fit.axis === null ? null : fit.axis === AXIS.front ? 'front' : 'rear';
      expect(fit.position).toBe(expected);
      for (const month of [fit.fromMonth, fit.toMonth]) {
        if (month === null) continue;
        expect(month).toMatch(MONTH_PATTERN);
        const year = Number(month.slice(0, 4));
        expect(year).toBeGreaterThan(fit.yearFrom);
        expect(year).toBeLessThan(fit.yearTo ?? 2025);
      }
      if (fit.note !== null) expect(parseFitNote(fit.note)).toEqual(expect.objectContaining({ code: expect.any(String) }));
    }
    const share = (test: (fit: QualifiedFit) => boolean) => fits.filter(test).length / fits.length;
    expect(share((fit) => fit.note !== null)).toBeGreaterThan(0.15);
    expect(share((fit) => fit.fromMonth !== null || fit.toMonth !== null)).toBeGreaterThan(0.05);
    expect(share((fit) => fit.note === null && fit.fromMonth === null && fit.toMonth === null)).toBeGreaterThan(0.4);
    const codes = new Set(fits.map((fit) => parseFitNote(fit.note)).flatMap((note) => (note && 'code' in note ? [note.code] : [])));
    expect([...codes].sort()).toEqual([...FIT_NOTE_CODES].sort());
    expect(fits.some((fit) => fit.note?.startsWith('discDiameter:'))).toBe(true);
  }, 20_000);

  it('refuse a position or month the schema does not know', async () => {
    const fit = await shop.one<QualifiedFit>(`${FITS} ORDER BY f.engine_id LIMIT 1`);
    // The driver's error names the broken check on both backends ("CHECK constraint failed",
    // "violates check constraint"). Matched by message: better-sqlite3's error class belongs to
    // the first test file that loaded the native module in this worker, so it is not an
    // `instanceof Error` of this file's realm and `toThrow()` would not see it.
    const refused = { message: expect.stringMatching(/check constraint/i) };
    await expect(shop.sql("UPDATE fitments SET position = 'middle' WHERE engine_id = ? AND product_id = ?", fit.engineId, fit.productId)).rejects.toMatchObject(refused);
    await expect(shop.sql("UPDATE fitments SET from_month = '2010-13' WHERE engine_id = ? AND product_id = ?", fit.engineId, fit.productId)).rejects.toMatchObject(refused);
    await expect(shop.sql("UPDATE fitments SET to_month = '10/2010' WHERE engine_id = ? AND product_id = ?", fit.engineId, fit.productId)).rejects.toMatchObject(refused);
    expect(await shop.one<QualifiedFit>(`${FITS} WHERE f.engine_id = ? AND f.product_id = ?`, fit.engineId, fit.productId)).toEqual(fit);
  });
});

describe('migration 9 on a catalogue filled before it', () => {
  it('gives each fit its part\'s axle and no note or production months', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = OFF'); // only the rows the migration reads
    db.exec('CREATE TABLE schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
    for (const migration of MIGRATIONS.filter((m) => m.id < 9)) {
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(migration.id, migration.name, 'then');
    }
    const product = db.prepare("INSERT INTO products (id, name, slug, category_id, axis_id, producer_id, catalog_no) VALUES (?, 'p', 'p', ?, ?, 1, 'X')");
    product.run(1, 148728, AXIS.front);
    product.run(2, 148728, AXIS.rear);
    product.run(3, 160001, AXIS.front);
    for (const id of [1, 2, 3]) db.prepare('INSERT INTO fitments (engine_id, product_id) VALUES (20000, ?)').run(id);
    migrate(db);
    expect(db.prepare('SELECT product_id, position, from_month, to_month, note FROM fitments ORDER BY product_id').all()).toEqual([
      { product_id: 1, position: 'front', from_month: null, to_month: null, note: null },
      { product_id: 2, position: 'rear', from_month: null, to_month: null, note: null },
      { product_id: 3, position: null, from_month: null, to_month: null, note: null },
    ]);
    db.close();
  });
});

describe('GET /ajax/fitment.php', () => {
  const ask = async (query: string) => app.inject({ method: 'GET', url: `/ajax/fitment.php?${query}` });

  it('answers the fits of these products on these engines with their qualifiers; a part that does not fit is not listed', async () => {
    const noted = await shop.one<QualifiedFit>(`${FITS} WHERE f.note IS NOT NULL ORDER BY f.engine_id, f.product_id LIMIT 1`);
    const ranged = await shop.one<QualifiedFit>(`${FITS} WHERE f.from_month IS NOT NULL OR f.to_month IS NOT NULL ORDER BY f.engine_id DESC, f.product_id LIMIT 1`);
    const other = await shop.one<{ id: number }>(
      'SELECT id FROM products WHERE id NOT IN (SELECT product_id FROM fitments WHERE engine_id IN (?, ?)) ORDER BY id LIMIT 1',
      noted.engineId,
      ranged.engineId,
    );
    const response = await ask(`engines=${noted.engineId},${ranged.engineId}&products=${other.id};${noted.productId};${ranged.productId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const answer = response.json<FitmentAnswer>();
    const pick = ({ engineId, productId, position, fromMonth, toMonth, note }: QualifiedFit) => ({ engineId, productId, position, fromMonth, toMonth, note });
    expect(answer.fits).toEqual(expect.arrayContaining([pick(noted), pick(ranged)]));
    expect(answer.fits.some((fit) => fit.productId === other.id)).toBe(false);
    const order = answer.fits.map((fit) => [fit.engineId, fit.productId]);
    expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    // Every pair that fits, and only those.
    const expected = await shop.sql<{ n: number }>(
      'SELECT COUNT(*) AS n FROM fitments WHERE engine_id IN (?, ?) AND product_id IN (?, ?, ?)',
      noted.engineId,
      ranged.engineId,
      other.id,
      noted.productId,
      ranged.productId,
    );
    expect(answer.fits).toHaveLength(Number(expected[0].n));
  });

  it.each([
    ['products=1', 'missing_parameter'],
    ['engines=20000', 'missing_parameter'],
    ['engines=abc&products=1', 'invalid_parameter'],
    ['engines=0&products=1', 'invalid_parameter'],
    ['engines=20000&products=1,,2', 'invalid_parameter'],
    [`engines=${Array.from({ length: 11 }, (_, i) => 20000 + i).join(',')}&products=1`, 'invalid_parameter'],
    [`engines=20000&products=${Array.from({ length: 61 }, (_, i) => 100 + i).join(',')}`, 'invalid_parameter'],
    ['engines=20000&engines=20001&products=1', 'invalid_parameter'],
  ])('refuses %s with a 400 and a clear error', async (query, code) => {
    const response = await ask(query);
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().error.code).toBe(code);
  });

  it('answers no fits for unknown engines or products', async () => {
    const response = await ask('engines=999999&products=999999');
    expect(response.statusCode).toBe(200);
    expect(response.json<FitmentAnswer>()).toEqual({ fits: [], answers: [] });
  });
});

describe('the vehicle on a basket line (POST /basketchange.php vehicle, vehicle_label)', () => {
  it('a line added with a vehicle keeps it; a later add with another vehicle takes it; a quantity change keeps it', async () => {
    const visitor = new Visitor(app);
    const [first, second] = await shop.sql<{ id: number }>("SELECT p.id FROM products p JOIN sizes s ON s.product_id = p.id AND s.size_id = 'uniw' WHERE s.status = 'enable' AND s.stock > 5 AND p.id >= 100 ORDER BY p.id LIMIT 2");
    const add = (product: number, extra: Record<string, string> = {}) => visitor.post('/basketchange.php?mode=1', { product: String(product), size: 'uniw', number: '1', getAjax: 'true', ...extra });
    expect((await add(first.id, { vehicle: '20001', vehicle_label: '  Alfa Romeo 147   1.4 T-Jet ' })).statusCode).toBe(200);
    const answer = (await add(second.id)).json<BasketChangeResponse>();
    expect(answer.basket.products.map((line) => [line.id, line.vehicle])).toEqual([
      [first.id, { engineId: 20001, label: 'Alfa Romeo 147 1.4 T-Jet' }],
      [second.id, null],
    ]);
    await add(first.id, { vehicle: '20002', vehicle_label: 'Auto di mamma' });
    await visitor.post('/basketchange.php?mode=2', { product: String(first.id), size: 'uniw', number: '3', getAjax: 'true' });
    const basket = (await visitor.get('/ajax/basket.php?getAjax=true')).json<BasketResponse>().basket;
    expect(basket.products.find((line) => line.id === first.id)).toEqual(expect.objectContaining({ count: 3, vehicle: { engineId: 20002, label: 'Auto di mamma' } }));
  });

  it.each([
    [{ vehicle: 'x', vehicle_label: 'A' }, 'invalid_parameter'],
    [{ vehicle: '20001' }, 'missing_parameter'],
    [{ vehicle: '20001', vehicle_label: 'x'.repeat(121) }, 'invalid_parameter'],
  ])('refuses %j with a 400', async (extra, code) => {
    const response = await new Visitor(app).post('/basketchange.php?mode=1', { product: '100', size: 'uniw', number: '1', ...extra });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().error.code).toBe(code);
  });
});
