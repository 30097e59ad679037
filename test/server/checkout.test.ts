import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { startTestShop, Visitor, type TestShop } from './helpers';
import type { CheckoutQuote, CouriersAnswer, PlaceAnswer, ReviewAnswer } from '../../src/api/checkoutWire';

/**
 * The checkout (issue 32) on this project's backend (SQLite, and PostgreSQL in the
 * server-postgres project): what a shopper's browser gets from the checkout calls, and what the
 * database holds after them.
 */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop(300);
});
afterAll(async () => {
  await shop?.close();
});

const DETAILS = {
  email: 'anna.rossi@example.com',
  phone: '+39 333 123 4567',
  name: 'Anna Rossi',
  street: 'Via Roma 1',
  postcode: '20121',
  city: 'Milano',
  country: 'IT',
  company: '',
  vat_number: '',
  terms: '1',
};

let keyCounter = 0;
const newKey = () => `test-key-${Date.now().toString(36)}-${++keyCounter}-abcdefgh`;

/** A product of one size on sale, with plain quantity rules; its stock set to `stock`. */
async function plainProduct(stock: number, offset = 0): Promise<{ id: number; size: string; price: number }> {
  const row = await shop.one<{ id: number; size: string; price: number }>(
    `SELECT p.id, s.size_id AS size, s.price_gross AS price FROM products p JOIN sizes s ON s.product_id = p.id
     WHERE s.status = 'enable' AND p.phone_price = 0 AND p.gratis = 0 AND p.unit_sellby = 1 AND p.min_quantity IS NULL AND p.max_quantity IS NULL
       AND p.min_size_quantity IS NULL AND p.max_size_quantity IS NULL AND p.type = 'product_item' AND s.price_gross > 20 AND s.price_gross < 200
       AND (SELECT COUNT(*) FROM sizes x WHERE x.product_id = p.id) = 1
     ORDER BY p.id LIMIT 1 OFFSET ?`,
    offset,
  );
  await shop.sql('UPDATE sizes SET stock = ? WHERE product_id = ? AND size_id = ?', stock, row.id, row.size);
  await shop.sql('DELETE FROM rebates WHERE product_id = ?', row.id);
  return { id: Number(row.id), size: row.size, price: Number(row.price) };
}

async function shopperWith(product: { id: number; size: string }, quantity = 1): Promise<Visitor> {
  const visitor = new Visitor(shop.app);
  const added = await visitor.post('/basketchange.php', { product: String(product.id), size: product.size, number: String(quantity) });
  expect(added.statusCode).toBe(200);
  return visitor;
}

const call = (visitor: Visitor, action: string, body: Record<string, string>) => visitor.request({ method: 'POST', url: `/ajax/checkout.php?action=${action}`, json: body });

async function reviewed(visitor: Visitor, form: Record<string, string>): Promise<CheckoutQuote> {
  const response = await call(visitor, 'review', form);
  expect(response.statusCode).toBe(200);
  const answer = response.json() as ReviewAnswer;
  if (answer.status !== 'review') throw new Error(JSON.stringify(answer));
  return answer.quote;
}

async function firstCourier(visitor: Visitor, group: 'prepaid' | 'dvp' = 'prepaid', details = DETAILS): Promise<string> {
  const answer = (await call(visitor, 'couriers', details)).json() as CouriersAnswer;
  return String(answer.couriers.find((c) => c.group === group)!.id);
}

describe('checkout: from the basket to an order', () => {
  it('places the basket as an order: stock taken, basket emptied, the order readable at its private address', async () => {
    const product = await plainProduct(5);
    const visitor = await shopperWith(product, 2);
    const couriers = (await call(visitor, 'couriers', DETAILS)).json() as CouriersAnswer;
    expect(couriers.region).toEqual({ kind: 'mainland', id: expect.any(String) });
    expect(couriers.couriers.map((c) => c.group)).toEqual(expect.arrayContaining(['prepaid', 'dvp']));
    expect(couriers.payments.dvp).toEqual(['cod']);
    expect(couriers.payments.prepaid).toContain('transfer');
    const courier = String(couriers.couriers.find((c) => c.group === 'prepaid')!.id);
    const form = { ...DETAILS, courier, payment: 'transfer', key: newKey() };
    const quote = await reviewed(visitor, form);
    expect(quote.lines).toHaveLength(1);
    expect(quote.lines[0]).toMatchObject({ productId: product.id, quantity: 2 });
    const goods = Math.round(product.price * 2 * 100);
    expect(Math.round(quote.goodsGross.value * 100)).toBe(goods);
    expect(Math.round(quote.total.value * 100)).toBe(goods + Math.round(quote.shipping.value * 100));

    const placed = await call(visitor, 'place', { ...form, quote: quote.fingerprint });
    expect(placed.statusCode).toBe(200);
    const answer = placed.json() as PlaceAnswer;
    if (answer.status !== 'placed') throw new Error(JSON.stringify(answer));
    expect(answer.order.number).toMatch(/^\d{4}-\d{6}$/);
    expect(answer.order.link).toMatch(/^\/order\/[A-Za-z0-9_-]{43}$/);

    expect((await shop.one<{ stock: number }>('SELECT stock FROM sizes WHERE product_id = ? AND size_id = ?', product.id, product.size)).stock).toBe(3);
    expect((await visitor.get('/ajax/basket.php')).json().basket.productsCounter).toBe(0);
    const order = await shop.repository.orderByToken(answer.order.link.split('/').pop()!);
    expect(order).toMatchObject({ number: answer.order.number, status: 'awaiting_payment', email: DETAILS.email, payment: 'transfer', total: Math.round(quote.total.value * 100) });
    expect(order!.lines).toEqual([expect.objectContaining({ product_id: product.id, size_id: product.size, quantity: 2, line_gross: goods })]);
  });

  it('a double submit or a retry with the same key makes one order and answers it', async () => {
    const product = await plainProduct(10, 1);
    const visitor = await shopperWith(product);
    const form = { ...DETAILS, courier: await firstCourier(visitor), payment: 'transfer', key: newKey() };
    const quote = await reviewed(visitor, form);
    const before = Number((await shop.one<{ n: number }>('SELECT COUNT(*) AS n FROM orders')).n);
    const answers = await Promise.all([1, 2, 3].map(() => call(visitor, 'place', { ...form, quote: quote.fingerprint })));
    const numbers = answers.map((a) => (a.json() as Extract<PlaceAnswer, { status: 'placed' }>).order.number);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(numbers).size).toBe(1);
    expect(Number((await shop.one<{ n: number }>('SELECT COUNT(*) AS n FROM orders')).n)).toBe(before + 1);
    expect((await shop.one<{ stock: number }>('SELECT stock FROM sizes WHERE product_id = ?', product.id)).stock).toBe(9);
    // A reload after the order: the same key answers the same order again.
    const again = await call(visitor, 'place', { ...form, quote: quote.fingerprint });
    expect((again.json() as Extract<PlaceAnswer, { status: 'placed' }>).order.number).toBe(numbers[0]);
  });

  it('a price changed between the review and the order is shown, and nothing is sold until the shopper confirms again', async () => {
    const product = await plainProduct(4, 2);
    const visitor = await shopperWith(product);
    const form = { ...DETAILS, courier: await firstCourier(visitor), payment: 'transfer', key: newKey() };
    const quote = await reviewed(visitor, form);
    const newPrice = Math.round((product.price + 7.5) * 100) / 100;
    expect(await shop.repository.updateProduct(product.id, { price: newPrice })).toBe(true);
    const changed = await call(visitor, 'place', { ...form, quote: quote.fingerprint });
    expect(changed.statusCode).toBe(409);
    const answer = changed.json() as Extract<PlaceAnswer, { status: 'changed' }>;
    expect(answer.status).toBe('changed');
    expect(answer.changes).toContainEqual(expect.objectContaining({ kind: 'price', after: expect.stringContaining(newPrice.toFixed(2).replace('.', ',')) }));
    expect(answer.quote.lines[0].unitGross.value).toBe(newPrice);
    expect((await shop.one<{ stock: number }>('SELECT stock FROM sizes WHERE product_id = ?', product.id)).stock).toBe(4);
    const placed = await call(visitor, 'place', { ...form, quote: answer.quote.fingerprint });
    expect(placed.json()).toMatchObject({ status: 'placed' });
  });

  it('many checkouts racing for a part with stock k sell exactly k', async () => {
    const stock = 3;
    const product = await plainProduct(50, 3);
    const shoppers = await Promise.all(Array.from({ length: 12 }, () => shopperWith(product)));
    const courier = await firstCourier(shoppers[0]);
    const forms = await Promise.all(
      shoppers.map(async (visitor) => {
        const form = { ...DETAILS, courier, payment: 'transfer', key: newKey() };
        return { visitor, form: { ...form, quote: (await reviewed(visitor, form)).fingerprint } };
      }),
    );
    await shop.sql('UPDATE sizes SET stock = ? WHERE product_id = ?', stock, product.id);
    const answers = await Promise.all(forms.map(({ visitor, form }) => call(visitor, 'place', form)));
    const placed = answers.filter((a) => a.statusCode === 200);
    expect(placed).toHaveLength(stock);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('quantity_above_maximum');
    }
    expect((await shop.one<{ stock: number }>('SELECT stock FROM sizes WHERE product_id = ?', product.id)).stock).toBe(0);
    const sold = await shop.one<{ n: number }>('SELECT COALESCE(SUM(quantity), 0) AS n FROM order_lines WHERE product_id = ?', product.id);
    expect(Number(sold.n)).toBe(stock);
  });

  it('refuses bad details with the spec texts keys, field by field, and writes nothing', async () => {
    const product = await plainProduct(5, 4);
    const visitor = await shopperWith(product);
    const courier = await firstCourier(visitor);
    const before = Number((await shop.one<{ n: number }>('SELECT COUNT(*) AS n FROM orders')).n);
    const bad = { ...DETAILS, email: 'anna@', phone: '12345', name: 'A', postcode: '35001', country: 'ES', vat_number: '12345678901', company: 'Officina', terms: '', courier, payment: 'transfer', key: newKey() };
    const response = await call(visitor, 'review', bad);
    expect(response.statusCode).toBe(422);
    const errors = (response.json() as Extract<ReviewAnswer, { status: 'invalid' }>).errors;
    expect(errors).toMatchObject({
      email: { key: 'form.email' },
      phone: { key: 'form.phone', values: { n: 9 } },
      name: { key: 'form.minLength', values: { n: 3 } },
      postcode: { key: 'checkout.errors.postcodeRefused' },
      terms: { key: 'form.terms' },
    });
    const placed = await call(visitor, 'place', { ...bad, quote: 'x' });
    expect(placed.statusCode).toBe(422);
    expect(Number((await shop.one<{ n: number }>('SELECT COUNT(*) AS n FROM orders')).n)).toBe(before);
  });

  it('checks the VAT number by its national checksum (Italy, Poland)', async () => {
    const product = await plainProduct(5, 5);
    const visitor = await shopperWith(product);
    const base = { ...DETAILS, company: 'Officina Rossi', courier: await firstCourier(visitor), payment: 'transfer', key: newKey() };
    expect((await call(visitor, 'review', { ...base, vat_number: '01234567890' })).json().errors.vat_number).toEqual({ key: 'checkout.errors.vatNumber' });
    expect((await call(visitor, 'review', { ...base, vat_number: '07643520567' })).statusCode).toBe(200);
    expect((await call(visitor, 'review', { ...base, vat_number: 'PL5260250995' })).statusCode).toBe(200);
    expect((await call(visitor, 'review', { ...base, vat_number: 'PL5260250994' })).json().errors.vat_number).toEqual({ key: 'checkout.errors.vatNumber' });
  });

  it('cash on delivery only with a pay-on-delivery courier; instalments only between their minimum and maximum', async () => {
    const product = await plainProduct(5, 6);
    const visitor = await shopperWith(product);
    const prepaid = await firstCourier(visitor, 'prepaid');
    const dvp = await firstCourier(visitor, 'dvp');
    const refused = await call(visitor, 'review', { ...DETAILS, courier: prepaid, payment: 'cod', key: newKey() });
    expect(refused.json().errors.payment).toEqual({ key: 'checkout.errors.paymentUnavailable' });
    expect((await call(visitor, 'review', { ...DETAILS, courier: dvp, payment: 'cod', key: newKey() })).statusCode).toBe(200);
    // The demo's instalments: from 100 to 5000 EUR. One unit of a part under 100 EUR with its shipping.
    const quote = await reviewed(visitor, { ...DETAILS, courier: prepaid, payment: 'transfer', key: newKey() });
    const instalments = await call(visitor, 'review', { ...DETAILS, courier: prepaid, payment: 'instalments', key: newKey() });
    if (quote.total.value < 100) expect(instalments.json().errors.payment).toEqual({ key: 'checkout.errors.paymentUnavailable' });
    else expect(instalments.statusCode).toBe(200);
  });

  it('npm run orders lists the orders with their lines, newest first', async () => {
    const product = await plainProduct(5, 7);
    const visitor = await shopperWith(product, 3);
    const form = { ...DETAILS, name: 'Luca Bianchi', courier: await firstCourier(visitor), payment: 'transfer', key: newKey() };
    const quote = await reviewed(visitor, form);
    const placed = (await call(visitor, 'place', { ...form, quote: quote.fingerprint })).json() as Extract<PlaceAnswer, { status: 'placed' }>;
    const env: NodeJS.ProcessEnv = { ...process.env, DB_PATH: join(shop.dir, 'shop.sqlite') };
    if (shop.databaseUrl) env.DATABASE_URL = shop.databaseUrl;
    delete env.NODE_OPTIONS;
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/orders.ts', '--limit', '3'], { cwd: join(__dirname, '..', '..'), env, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const first = run.stdout.split('\n\n')[1];
    expect(first).toContain(`${placed.order.number}  `);
    expect(first).toContain('awaiting_payment  transfer');
    expect(first).toContain('Luca Bianchi <anna.rossi@example.com>');
    expect(first).toContain(`- 3 ${quote.lines[0].unit}  ${quote.lines[0].name} [${quote.lines[0].code}`);
  });

  it('an empty basket has nothing to order', async () => {
    const visitor = new Visitor(shop.app);
    await visitor.get('/ajax/basket.php');
    const response = await call(visitor, 'review', { ...DETAILS, courier: '1', payment: 'transfer', key: newKey() });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.basket).toEqual({ key: 'checkout.errors.emptyBasket' });
    const placed = await call(visitor, 'place', { ...DETAILS, courier: '1', payment: 'transfer', key: newKey(), quote: 'x' });
    expect(placed.statusCode).toBe(409);
    expect(placed.json().error.code).toBe('empty_basket');
  });

  it('refuses a foreign site and malformed calls with a 4xx JSON error', async () => {
    const visitor = new Visitor(shop.app);
    const foreign = await visitor.request({ method: 'POST', url: '/ajax/checkout.php?action=place', json: DETAILS, headers: { origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
    expect((await visitor.request({ method: 'POST', url: '/ajax/checkout.php?action=steal', json: DETAILS })).statusCode).toBe(400);
    expect((await visitor.request({ method: 'POST', url: '/ajax/checkout.php?action=place', json: [1, 2] })).statusCode).toBe(400);
    const badKey = await visitor.request({ method: 'POST', url: '/ajax/checkout.php?action=place', json: { ...DETAILS, key: 'short', courier: '1', payment: 'transfer' } });
    expect(badKey.statusCode).toBe(400);
  });
});
