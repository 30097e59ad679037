import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BACKEND, createTestDatabase } from './helpers';
import { startServerProcess, type ServerProcess } from './serverProcess';
import type { CouriersAnswer, PlaceAnswer, ReviewAnswer } from '../../src/api/checkoutWire';

/**
 * Nothing is sold twice (issue 32): shoppers on two servers racing for a part with stock k make
 * exactly k orders. On this project's backend: two server processes on one SQLite file, or two
 * servers on one PostgreSQL database (the server-postgres project).
 */
// A budget, not a deadline to beat: starting servers on a busy 2-core machine can take minutes.
jest.setTimeout(300_000);

const LIMITS = { RATE_LIMIT_WRITES_PER_VISITOR: '1000000', RATE_LIMIT_WRITES_PER_ADDRESS: '1000000', RATE_LIMIT_NEW_VISITOR_WRITES_PER_ADDRESS: '1000000' };
const DETAILS = { email: 'corsa@example.com', phone: '333 123 4567', name: 'Anna Rossi', street: 'Via Roma 1', postcode: '20121', city: 'Milano', country: 'IT', company: '', vat_number: '', terms: '1' };

let dir: string;
let servers: ServerProcess[] = [];
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'shop-race-'));
  mkdirSync(join(dir, 'dist', 'assets'), { recursive: true });
  writeFileSync(join(dir, 'dist', 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  const env: NodeJS.ProcessEnv = { DATA_DIR: dir, CATALOGUE_SIZE: '200', STATIC_DIR: join(dir, 'dist'), SHOP_TEST_HOOKS: '1', WORKERS: '1', ...LIMITS };
  if (BACKEND === 'postgres') {
    const database = await createTestDatabase();
    dropDatabase = database.drop;
    env.DATABASE_URL = database.url;
  }
  // The first seeds the database; the second opens it as it is.
  servers.push(await startServerProcess(env));
  servers.push(await startServerProcess(env));
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  servers = [];
  await dropDatabase?.();
  rmSync(dir, { recursive: true, force: true });
});

/** A shopper of one server: keeps the shop's cookie. */
function shopper(base: string) {
  let cookie = '';
  const send = async (path: string, init: { method?: string; body?: string; type?: string } = {}) => {
    const response = await fetch(`${base}${path}`, { method: init.method ?? 'GET', body: init.body, headers: { ...(cookie ? { cookie } : {}), ...(init.type ? { 'content-type': init.type } : {}) } });
    const set = response.headers.get('set-cookie');
    if (set && set.startsWith('shop_visitor=')) cookie = set.split(';')[0];
    return response;
  };
  return {
    send,
    json: (path: string, body: unknown) => send(path, { method: 'POST', body: JSON.stringify(body), type: 'application/json' }),
  };
}

it(`shoppers on two servers (${BACKEND}) racing for a part with stock 4 buy exactly 4 units`, async () => {
  const [a, b] = servers.map((server) => server.base);
  const listing = (await (await fetch(`${a}/search.php?json=true&traits_alt[24]=148728&limit=60`)).json()) as { products: Array<{ id: number; listSize: string | null }> };
  const product = listing.products.find((p) => p.listSize && p.id > 20)!;
  const setStock = async (stock: number) => expect((await fetch(`${a}/__test/catalogue`, { method: 'POST', body: JSON.stringify({ id: product.id, stock }), headers: { 'content-type': 'application/json' } })).status).toBe(200);
  await setStock(100);

  // Sixteen shoppers, half on each server, each with one unit reviewed.
  const ready = await Promise.all(
    Array.from({ length: 16 }, async (_, index) => {
      const visitor = shopper(index % 2 ? b : a);
      const added = await visitor.send('/basketchange.php?mode=1', { method: 'POST', body: new URLSearchParams({ product: String(product.id), size: product.listSize!, number: '1' }).toString(), type: 'application/x-www-form-urlencoded' });
      expect(added.status).toBe(200);
      const couriers = (await (await visitor.json('/ajax/checkout.php?action=couriers', DETAILS)).json()) as CouriersAnswer;
      const form = { ...DETAILS, courier: String(couriers.couriers.find((c) => c.group === 'prepaid')!.id), payment: 'transfer', key: `race-${BACKEND}-${index}-0123456789abcdef` };
      const review = (await (await visitor.json('/ajax/checkout.php?action=review', form)).json()) as Extract<ReviewAnswer, { status: 'review' }>;
      expect(review.status).toBe('review');
      return { visitor, form: { ...form, quote: review.quote.fingerprint } };
    }),
  );
  await setStock(4);
  const answers = await Promise.all(ready.map(async ({ visitor, form }) => ({ status: (await visitor.json('/ajax/checkout.php?action=place', form).then((r) => r.status)) })));
  expect(answers.filter((answer) => answer.status === 200)).toHaveLength(4);
  expect(answers.filter((answer) => answer.status !== 200).every((answer) => answer.status === 409)).toBe(true);

  // Every server sees the same: no stock left, and a fresh shopper cannot add the part any more.
  for (const base of [a, b]) {
    const late = shopper(base);
    const refused = await late.send('/basketchange.php?mode=1', { method: 'POST', body: new URLSearchParams({ product: String(product.id), size: product.listSize!, number: '1' }).toString(), type: 'application/x-www-form-urlencoded' });
    expect(refused.status).toBe(422);
  }
  // The orders answer again with their own numbers: one per placed shopper, all different.
  const numbers = new Set<string>();
  for (const { visitor, form } of ready) {
    const again = await visitor.json('/ajax/checkout.php?action=place', form);
    if (again.status === 200) numbers.add(((await again.json()) as Extract<PlaceAnswer, { status: 'placed' }>).order.number);
  }
  expect(numbers.size).toBe(4);
});
