import type { FastifyInstance } from 'fastify';
import type { ApiError, FitmentAnswer, VehicleKeyAnswer } from '../../src/api/wire';
import type { CouriersAnswer, PlaceAnswer, ReviewAnswer } from '../../src/api/checkoutWire';
import { SPECIAL_PRODUCTS } from '../../server/db/catalogue/specialProducts';
import { demoEngineKeys } from '../../server/db/catalogue/generate';
import { BACKEND, startTestShop, Visitor, type TestShop } from './helpers';

/**
 * Issue 37, points 1 and 2, on this project's backend (SQLite; PostgreSQL in server-postgres):
 * the four answers a part gives for the chosen vehicle, said by the server (one function for both
 * backends: server/db/fitAnswers.ts) on `GET /ajax/fitment.php` and on the checkout's and the
 * order's lines; and a vehicle found by its registration key (KBA HSN/TSN or KType).
 */
let app: FastifyInstance;
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop(300);
  ({ app } = shop);
});
afterAll(async () => {
  await shop?.close();
});

type Status = FitmentAnswer['answers'][number]['status'];
const S = SPECIAL_PRODUCTS;

/** An engine with a plain fit (no note, no months) and a noted fit among the regular products, and a regular product that has no fit on it. */
async function engineWithEveryAnswer(): Promise<{ engine: number; fits: number; check: number; none: number }> {
  const row = await shop.one<{ engine: number; fits: number; check: number }>(
    `SELECT a.engine_id AS engine, MIN(a.product_id) AS fits, MIN(b.product_id) AS "check"
     FROM fitments a JOIN fitments b ON b.engine_id = a.engine_id
     JOIN products pa ON pa.id = a.product_id JOIN products pb ON pb.id = b.product_id
     WHERE a.note IS NULL AND a.from_month IS NULL AND a.to_month IS NULL AND b.note IS NOT NULL AND pa.universal = 0 AND pb.universal = 0
     GROUP BY a.engine_id ORDER BY a.engine_id LIMIT 1`,
  );
  const none = await shop.one<{ id: number }>('SELECT id FROM products WHERE universal = 0 AND id >= 100 AND id NOT IN (SELECT product_id FROM fitments WHERE engine_id = ?) ORDER BY id LIMIT 1', row.engine);
  return { engine: Number(row.engine), fits: Number(row.fits), check: Number(row.check), none: Number(none.id) };
}

describe(`four answers (${BACKEND})`, () => {
  it('the demo catalogue marks its accessories and services universal, and its brake parts not', async () => {
    const rows = await shop.sql<{ id: number; universal: number }>('SELECT id, universal FROM products WHERE id IN (?, ?, ?, ?, ?, ?, ?) ORDER BY id', S.unavailable, S.gratis, S.virtual, S.service, S.subscription, S.sellByHalf, 100);
    expect(rows.map((r) => [Number(r.id), Number(r.universal)])).toEqual([
      [S.unavailable, 0],
      [S.gratis, 1],
      [S.virtual, 1],
      [S.service, 1],
      [S.subscription, 1],
      [S.sellByHalf, 1],
      [100, 0],
    ]);
    const universal = await shop.one<{ n: number }>('SELECT COUNT(*) AS n FROM products p JOIN categories c ON c.id = p.category_id WHERE p.universal = 1 AND c.id <> 160001');
    expect(Number(universal.n)).toBe(0);
    // No vehicle's in particular: no fit rows.
    expect(Number((await shop.one<{ n: number }>('SELECT COUNT(*) AS n FROM fitments f JOIN products p ON p.id = f.product_id WHERE p.universal = 1')).n)).toBe(0);
  });

  it('GET /ajax/fitment.php says fits, check, none and universal, one answer per pair; a universal part never reads "none"', async () => {
    const { engine, fits, check, none } = await engineWithEveryAnswer();
    const other = await shop.one<{ id: number }>('SELECT id FROM engines WHERE id <> ? ORDER BY id DESC LIMIT 1', engine);
    const engines = [engine, Number(other.id)].sort((a, b) => a - b);
    const products = [fits, check, none, S.gratis, S.virtual, S.service, S.subscription];
    const response = await app.inject({ url: `/ajax/fitment.php?engines=${engines.join(',')}&products=${products.join(',')}` });
    expect(response.statusCode).toBe(200);
    const answer = response.json<FitmentAnswer>();
    const said = (e: number, p: number): Status | undefined => answer.answers.find((a) => a.engineId === e && a.productId === p)?.status;
    expect(said(engine, fits)).toBe('fits');
    expect(said(engine, check)).toBe('check');
    expect(said(engine, none)).toBe('none');
    for (const e of engines) for (const p of [S.gratis, S.virtual, S.service, S.subscription]) expect(said(e, p)).toBe('universal');
    expect(answer.answers).toHaveLength(engines.length * products.length);
    expect(answer.answers.filter((a) => [S.gratis, S.virtual, S.service, S.subscription].includes(a.productId as 6)).every((a) => a.status !== 'none')).toBe(true);
    // `fits` keeps the fitting pairs with their qualifiers, as before.
    expect(answer.fits.find((f) => f.engineId === engine && f.productId === check)?.note).not.toBeNull();
    expect(answer.fits.some((f) => f.productId === none)).toBe(false);
  });

  it('a product marked universal in the catalogue says so whatever its fit rows; unmarked it says its fit again', async () => {
    const { engine, check, none } = await engineWithEveryAnswer();
    const ask = async () => (await app.inject({ url: `/ajax/fitment.php?engines=${engine}&products=${check},${none}` })).json<FitmentAnswer>().answers.map((a) => a.status);
    const before = check < none ? ['check', 'none'] : ['none', 'check']; // in product order
    expect(await ask()).toEqual(before);
    await shop.sql('UPDATE products SET universal = 1 WHERE id IN (?, ?)', check, none);
    try {
      expect(await ask()).toEqual(['universal', 'universal']);
    } finally {
      await shop.sql('UPDATE products SET universal = 0 WHERE id IN (?, ?)', check, none);
    }
    expect(await ask()).toEqual(before);
  });

  it('the checkout review and the placed order say each line\'s answer for the vehicle; the universal lines never "does not fit"', async () => {
    const { engine, fits, check, none } = await engineWithEveryAnswer();
    const visitor = new Visitor(app);
    for (const id of [fits, check, none, S.virtual, S.service]) {
      const size = await shop.one<{ size: string }>("SELECT size_id AS size FROM sizes WHERE product_id = ? ORDER BY position, size_id LIMIT 1", id);
      await shop.sql('UPDATE sizes SET stock = 50, status = ? WHERE product_id = ? AND size_id = ?', 'enable', id, size.size);
      const added = await visitor.post('/basketchange.php', { product: String(id), size: size.size, number: '1' });
      expect(added.statusCode).toBe(200);
    }
    const details = { email: 'anna.rossi@example.com', phone: '+39 333 123 4567', name: 'Anna Rossi', street: 'Via Roma 1', postcode: '20121', city: 'Milano', country: 'IT', company: '', vat_number: '', terms: '1' };
    const couriers = (await visitor.request({ method: 'POST', url: '/ajax/checkout.php?action=couriers', json: details })).json() as CouriersAnswer;
    const form = { ...details, courier: String(couriers.couriers.find((c) => c.group === 'prepaid')!.id), payment: 'transfer', key: `fit-answers-${Date.now().toString(36)}-abcdefghijkl`, vehicle: String(engine) };
    const review = (await visitor.request({ method: 'POST', url: '/ajax/checkout.php?action=review', json: form })).json() as ReviewAnswer;
    if (review.status !== 'review') throw new Error(JSON.stringify(review));
    const fitOf = (id: number) => review.quote.lines.find((line) => line.productId === id)?.fit;
    expect([fits, check, none, S.virtual, S.service].map(fitOf)).toEqual(['fits', 'check', 'none', 'universal', 'universal']);

    // Placed with the misfit confirmed: the order's lines keep the answers, and its page says them.
    const placed = (await visitor.request({ method: 'POST', url: '/ajax/checkout.php?action=place', json: { ...form, fit_confirmed: '1', quote: review.quote.fingerprint } })).json() as PlaceAnswer;
    if (placed.status !== 'placed') throw new Error(JSON.stringify(placed));
    const order = await shop.repository.orderByToken(placed.order.link.split('/').pop()!);
    expect(order).not.toBeNull();
    const lines = await shop.sql<{ product_id: number; fit: string }>('SELECT product_id, fit FROM order_lines WHERE order_id = (SELECT id FROM orders WHERE number = ?) ORDER BY product_id', placed.order.number);
    expect(Object.fromEntries(lines.map((l) => [Number(l.product_id), l.fit]))).toEqual({ [fits]: 'fits', [check]: 'check', [none]: 'none', [S.virtual]: 'universal', [S.service]: 'universal' });
    const page = await visitor.get(placed.order.link, { accept: 'text/html' });
    expect(page.statusCode).toBe(200);
    expect(page.body.match(/checkout-fit--universal/g)).toHaveLength(2);
    expect(page.body.match(/checkout-fit--none/g)).toHaveLength(1);
    expect(page.body).toContain('Non specifico per veicolo');
  });
});

describe(`a vehicle by its key (${BACKEND})`, () => {
  const ask = (key: string) => app.inject({ url: `/ajax/vehicle-key.php?key=${encodeURIComponent(key)}` });

  it('a KBA number lands on its engine, written with a slash, a space or nothing, in any case', async () => {
    const row = await shop.one<{ engine: number; key: string; brand: string; model: string; generation: string; name: string }>(
      `SELECT k.engine_id AS engine, k.key, b.name AS brand, m.name AS model, g.name AS generation, e.name AS name FROM engine_keys k
       JOIN engines e ON e.id = k.engine_id JOIN generations g ON g.id = e.generation_id JOIN models m ON m.id = g.model_id JOIN brands b ON b.id = m.brand_id
       WHERE k.kind = 'kba' ORDER BY k.engine_id DESC LIMIT 1`,
    );
    const [hsn, tsn] = row.key.split('/');
    for (const written of [row.key, `${hsn} ${tsn.toLowerCase()}`, `${hsn}${tsn}`, ` ${hsn}-${tsn} `]) {
      const response = await ask(written);
      expect(response.statusCode).toBe(200);
      expect(response.json<VehicleKeyAnswer>()).toEqual({
        kind: 'kba',
        key: row.key,
        vehicle: { brand: { id: expect.any(Number), name: row.brand }, model: { id: expect.any(Number), name: row.model }, year: { id: expect.any(Number), name: row.generation }, engine: { id: Number(row.engine), name: row.name } },
      });
    }
  });

  it('the demo engines carry the keys the generator gives them (a KType and one or two KBA numbers each); a KType lands on its engine', async () => {
    const engine = await shop.one<{ id: number; brand: number }>('SELECT e.id, m.brand_id AS brand FROM engines e JOIN generations g ON g.id = e.generation_id JOIN models m ON m.id = g.model_id WHERE e.id % 3 = 2 ORDER BY e.id LIMIT 1');
    const keys = await shop.sql<{ kind: string; key: string }>('SELECT kind, key FROM engine_keys WHERE engine_id = ? ORDER BY kind, key', engine.id);
    const expected = demoEngineKeys(Number(engine.id), Number(engine.brand)).map(([kind, key]) => ({ kind, key }));
    expect(keys).toEqual([...expected].sort((a, b) => (a.kind + a.key < b.kind + b.key ? -1 : 1)));
    expect(keys.filter((k) => k.kind === 'kba')).toHaveLength(2); // every third engine has a second KBA
    const ktype = keys.find((k) => k.kind === 'ktype')!.key;
    const response = await ask(`0${ktype}`); // a leading zero is dropped
    expect(response.statusCode).toBe(200);
    expect(response.json<VehicleKeyAnswer>()).toMatchObject({ kind: 'ktype', key: ktype, vehicle: { engine: { id: Number(engine.id) } } });
    for (const kba of keys.filter((k) => k.kind === 'kba')) expect((await ask(kba.key)).json<VehicleKeyAnswer>().vehicle.engine.id).toBe(Number(engine.id));
  });

  it('an unknown key is a 404 with a clear message; a malformed key a 400 saying what to write; nothing is a 5xx', async () => {
    const unknown = await ask('9999/ZZ9');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ApiError>().error).toEqual({ code: 'unknown_vehicle_key', message: 'Nessun veicolo con questo codice' });
    expect((await ask('999999')).statusCode).toBe(404);
    for (const bad of ['06/AJX', '0603/AJ', '0603/AJXY', 'ABCD/123', '12345678', '0', 'x'.repeat(300), "0603/A'X", '0603//AJX']) {
      const response = await ask(bad);
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiError>().error).toEqual({ code: 'invalid_vehicle_key', message: 'Inserire un numero KBA (HSN/TSN, es. 0603/AJX) o un numero KType (solo cifre)' });
    }
    expect((await app.inject({ url: '/ajax/vehicle-key.php' })).statusCode).toBe(400);
    expect((await app.inject({ url: '/ajax/vehicle-key.php?key=0603/AJX&key=1' })).statusCode).toBe(400);
  });
});

describe(`a product page names the vehicles it fits to search engines (${BACKEND})`, () => {
  const productJsonLd = async (id: number) => {
    const path = (await shop.one<{ slug: string }>('SELECT slug FROM products WHERE id = ?', id)).slug;
    const page = await app.inject({ url: `/product-${id}-${path}.html`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    const blocks = [...page.body.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]) as Record<string, unknown>);
    return blocks.find((block) => block['@type'] === 'Product')!;
  };

  it('the first 10 of its engines, each a Car with its vehicle page; a universal product names none', async () => {
    const busy = await shop.one<{ id: number; n: number }>('SELECT product_id AS id, COUNT(*) AS n FROM fitments f JOIN products p ON p.id = f.product_id WHERE p.universal = 0 GROUP BY product_id HAVING COUNT(*) > 10 ORDER BY product_id LIMIT 1');
    const data = await productJsonLd(Number(busy.id));
    const cars = data.isAccessoryOrSparePartFor as Array<{ '@type': string; name: string; url: string; brand: { name: string } }>;
    expect(cars).toHaveLength(10);
    for (const car of cars) {
      expect(car['@type']).toBe('Car');
      expect(car.url).toMatch(/^https?:\/\/[^/]+\/vehicles\/engine-\d+-[a-z0-9-]+\.html$/);
      // Each link opens the engine's page.
      const vehicle = await app.inject({ url: new URL(car.url).pathname, headers: { accept: 'text/html' } });
      expect(vehicle.statusCode).toBe(200);
      expect(vehicle.body).toContain(car.brand.name);
    }
    const engines = await shop.sql<{ id: number }>('SELECT engine_id AS id FROM fitments WHERE product_id = ?', busy.id);
    const named = cars.map((car) => Number(/engine-(\d+)-/.exec(car.url)![1]));
    expect(named.every((id) => engines.some((e) => Number(e.id) === id))).toBe(true);
    expect(new Set(named).size).toBe(10);

    expect(await productJsonLd(S.gratis)).not.toHaveProperty('isAccessoryOrSparePartFor');
    expect(await productJsonLd(S.virtual)).not.toHaveProperty('isAccessoryOrSparePartFor');
  });
});
