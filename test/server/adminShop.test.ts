/**
 * The back office's settings and products (issue 36, points 7 and 3), signed in through the real
 * forms, on both backends: the settings form stores what the owner types (and refuses what it
 * must, storing nothing), the storefront shows it; a price typed gross or net keeps the other by
 * the VAT rate (integer cents), a second server on the same database shows the new price, a size
 * set back in stock becomes available and mails its confirmed notices; every change audited.
 */
import { signInOwner, type OwnerSession } from '../support/ownerSession';
import type { Mail, Mailer } from '../../server/messages/mailer';
import { BACKEND, startTestShop, type TestShop } from './helpers';

jest.setTimeout(90_000);

const mails: Mail[] = [];
const mailer: Mailer = { from: 'shop@example.it', owner: 'owner@example.it', origin: 'http://shop.example', send: async (mail) => void mails.push(mail), close() {} };

let shop: TestShop;
let owner: OwnerSession;
beforeAll(async () => {
  shop = await startTestShop(60, { mailer });
  owner = await signInOwner(shop.app);
});
afterAll(async () => {
  await shop?.close();
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
async function post(url: string, fields: Record<string, string>, token = owner.csrfToken) {
  return shop.app.inject({ method: 'POST', url, headers: { cookie: owner.cookie, 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: 'http://localhost' }, payload: form({ _csrf: token, ...fields }) });
}
const get = (url: string) => shop.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie, accept: 'text/html' } });
/** The form's fields as drawn (inputs' and selects' values). */
function drawnFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input[^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(m[0])?.[1];
    if (name && name !== '_csrf') fields[name] = (/value="([^"]*)"/.exec(m[0])?.[1] ?? '').replace(/&amp;/g, '&');
  }
  for (const m of html.matchAll(/<select[^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g)) fields[m[1]] = /<option value="([^"]+)" selected/.exec(m[2])?.[1] ?? /<option value="([^"]+)"/.exec(m[2])![1];
  return fields;
}
const audit = async (action: string) => shop.sql<{ action: string; subject: string; detail: string; owner_id: number }>('SELECT action, subject, detail, owner_id FROM audit_log WHERE action = ? ORDER BY id', action);
const shown = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, ' ').replace(/<[^>]+>/g, ' ').replace(/&nbsp;|\u00a0/g, ' ').replace(/\s+/g, ' ');

describe(`back office: the shop's settings (${BACKEND})`, () => {
  it('the form shows the settings in force; what the owner saves the storefront shows, and the audit log says who changed what', async () => {
    const page = await get('/admin/settings');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const fields = drawnFields(page.body);
    expect(fields).toMatchObject({ name: 'FreniShop', free_shipping_from: '79', courier_name_0: 'BRT', courier_cost_0: '6.9', discount_code: 'FRENI10', courier_name_5: '' });
    const saved = await post('/admin/settings', { ...fields, name: 'Freni Bianchi', phone: '+39 06 555 0101', free_shipping_from: '99,50', courier_name_2: '', courier_name_5: 'SDA', courier_group_5: 'prepaid', courier_cost_5: '3,50', courier_days_5: '5', discount_code: 'bianchi15', discount_percent: '15' });
    expect([saved.statusCode, saved.headers.location]).toEqual([303, '/admin/settings?saved']);
    const settings = await shop.repository.shopSettings();
    expect(settings).toMatchObject({ name: 'Freni Bianchi', phone: '+39 06 555 0101', freeShippingFrom: 99.5, banners: { discountCode: 'BIANCHI15', discountPercent: 15 } });
    expect(settings.couriers.map((c) => `${c.name} ${c.group} ${c.cost} ${c.days}`)).toEqual(['BRT prepaid 6.9 2', 'GLS prepaid 5.9 3', 'BRT contrassegno dvp 9.9 2', 'GLS contrassegno dvp 8.9 3', 'SDA prepaid 3.5 5']);
    const storefront = shown((await shop.app.inject({ method: 'GET', url: '/contact.php' })).body);
    expect(storefront).toContain('+39 06 555 0101');
    expect(storefront).toContain('Spedizione gratuita da 99,50 €');
    expect(storefront).toContain('Freni Bianchi');
    const [entry] = await audit('settings.change');
    expect(entry).toMatchObject({ owner_id: owner.ownerId, subject: 'shop' });
    expect(entry.detail).toContain('name: FreniShop → Freni Bianchi');
    expect(entry.detail).toContain('free_shipping_from: 79 → 99.5');
  });

  it('refuses bad values field by field (400, the page says which) and stores nothing; a write without the token is refused', async () => {
    const before = await shop.repository.shopSettings();
    const fields = drawnFields((await get('/admin/settings')).body);
    const refused = await post('/admin/settings', { ...fields, email: 'nobody', courier_cost_0: '1,234', instalments_min: '900', instalments_max: '100', name: '' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('role="alert"');
    const invalid = [...refused.body.matchAll(/id="s-([a-z_0-9]+)"[^>]*aria-invalid="true"/g)].map((m) => m[1]).sort();
    expect(invalid).toEqual(['courier_cost_0', 'email', 'instalments_max', 'name']);
    expect(await shop.repository.shopSettings()).toEqual(before);
    const noToken = await post('/admin/settings', { ...fields, name: 'Altro' }, 'forged');
    expect(noToken.statusCode).toBe(403);
    expect(await shop.repository.shopSettings()).toEqual(before);
  });
});

describe(`back office: products, stock and prices (${BACKEND})`, () => {
  it('finds a product by code or name; a gross price typed keeps the net by the VAT rate; a second server shows it on its next request; audited', async () => {
    const [product] = await shop.sql<{ id: number; catalog_no: string; name: string; vat: number }>(
      "SELECT p.id, p.catalog_no, p.name, p.vat FROM products p WHERE p.type = 'product_item' AND p.phone_price = 0 AND p.gratis = 0 AND p.vat = 22 AND (SELECT COUNT(*) FROM sizes s WHERE s.product_id = p.id) = 1 ORDER BY p.id LIMIT 1",
    );
    const byCode = await get(`/admin/products?q=${encodeURIComponent(product.catalog_no.toLowerCase())}`);
    expect(byCode.body).toContain(`href="/admin/products/${product.id}"`);
    const byName = await get(`/admin/products?q=${encodeURIComponent(product.name.split(' ').slice(0, 2).join(' '))}`);
    expect(byName.body).toContain(`href="/admin/products/${product.id}"`);

    // A second server on the same database, keeping its pages (as production does).
    const second = await shop.reopen({ pageCacheBytes: 8_000_000 });
    try {
      const address = `/product-${product.id}-x.html`;
      const pageOf = async () => {
        let answer = await second.app.inject({ method: 'GET', url: address });
        if (answer.statusCode === 301) answer = await second.app.inject({ method: 'GET', url: String(answer.headers.location) });
        return answer.body;
      };
      expect(shown(await pageOf())).not.toContain('30,50 €');
      await pageOf(); // kept now

      const fields = drawnFields((await get(`/admin/products/${product.id}`)).body);
      const saved = await post(`/admin/products/${product.id}`, { ...fields, gross_0: '30,50' });
      expect([saved.statusCode, saved.headers.location]).toEqual([303, `/admin/products/${product.id}?saved`]);
      expect(await shop.sql('SELECT price_gross, price_net FROM sizes WHERE product_id = ?', product.id)).toEqual([{ price_gross: 30.5, price_net: 25 }]);
      // The second server drops its page once it reads the change log (SQLite: every 500 ms; PostgreSQL: NOTIFY).
      let seen = '';
      for (let tries = 0; tries < 100 && !seen.includes('30,50 €'); tries++) {
        seen = shown(await pageOf());
        if (!seen.includes('30,50 €')) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(seen).toContain('30,50 €');

      // The net typed: the gross follows (25.41 net at 22 % is 31.00 gross).
      const again = drawnFields((await get(`/admin/products/${product.id}`)).body);
      expect(again).toMatchObject({ gross_0: '30.50', net_0: '25.00' });
      await post(`/admin/products/${product.id}`, { ...again, net_0: '25.41' });
      expect(await shop.sql('SELECT price_gross, price_net FROM sizes WHERE product_id = ?', product.id)).toEqual([{ price_gross: 31, price_net: 25.41 }]);
      const entries = await audit('product.change');
      expect(entries.map((e) => [e.subject, e.owner_id])).toEqual([
        [`product ${product.id}`, owner.ownerId],
        [`product ${product.id}`, owner.ownerId],
      ]);
      expect(entries[0].detail).toMatch(/price [\d.]+ → 30\.50 \(net [\d.]+ → 25\.00\)/);
    } finally {
      await second.close();
    }
  });

  it('refuses a bad price or stock (400, nothing written)', async () => {
    const [{ id }] = await shop.sql<{ id: number }>('SELECT product_id AS id FROM sizes ORDER BY product_id LIMIT 1');
    const before = await shop.sql('SELECT * FROM sizes WHERE product_id = ?', id);
    const fields = drawnFields((await get(`/admin/products/${id}`)).body);
    const refused = await post(`/admin/products/${id}`, { ...fields, gross_0: '12,345', stock_0: 'molti' });
    expect(refused.statusCode).toBe(400);
    expect([...refused.body.matchAll(/id="p-([a-z_0-9]+)"[^>]*aria-invalid="true"/g)].map((m) => m[1]).sort()).toEqual(['gross_0', 'stock_0']);
    expect(await shop.sql('SELECT * FROM sizes WHERE product_id = ?', id)).toEqual(before);
  });

  it('a size set from 0 back in stock becomes available and mails its confirmed notices (the unconfirmed one waits)', async () => {
    const [size] = await shop.sql<{ product_id: number; size_id: string }>(
      "SELECT s.product_id, s.size_id FROM sizes s JOIN products p ON p.id = s.product_id WHERE p.type = 'product_item' AND p.phone_price = 0 AND p.gratis = 0 AND s.status = 'enable' AND (SELECT COUNT(*) FROM sizes t WHERE t.product_id = p.id) = 1 ORDER BY p.id DESC LIMIT 1",
    );
    const id = size.product_id;
    let fields = drawnFields((await get(`/admin/products/${id}`)).body);
    await post(`/admin/products/${id}`, { ...fields, stock_0: '0' });
    expect(await shop.sql('SELECT stock, status FROM sizes WHERE product_id = ?', id)).toEqual([{ stock: 0, status: 'disable' }]);
    await shop.sql("INSERT INTO visitors (id, created_at) VALUES ('v-admin-test', '2026-11-22T10:00:00Z') ON CONFLICT DO NOTHING");
    for (const [email, confirmed] of [['anna@example.it', '2026-11-22T10:00:00Z'], ['bruno@example.it', null]] as const) {
      await shop.sql('INSERT INTO availability_notices (product_id, size_id, email, visitor_id, created_at, confirmed_at) VALUES (?, ?, ?, ?, ?, ?)', id, size.size_id, email, 'v-admin-test', '2026-11-22T10:00:00Z', confirmed);
    }
    mails.length = 0;
    fields = drawnFields((await get(`/admin/products/${id}`)).body);
    expect(fields.status_0).toBe('disable');
    const saved = await post(`/admin/products/${id}`, { ...fields, stock_0: '7' });
    expect(saved.headers.location).toBe(`/admin/products/${id}?saved&mailed=1`);
    expect(await shop.sql('SELECT stock, status FROM sizes WHERE product_id = ?', id)).toEqual([{ stock: 7, status: 'enable' }]);
    expect(mails.map((mail) => mail.to)).toEqual(['anna@example.it']);
    expect(mails[0].text).toContain(`http://shop.example/product-${id}-`);
    expect((await shop.sql<{ email: string }>('SELECT email FROM availability_notices WHERE product_id = ?', id)).map((n) => n.email)).toEqual(['bruno@example.it']);
    expect(shown((await shop.app.inject({ method: 'GET', url: String((await shop.app.inject({ method: 'GET', url: `/product-${id}-x.html` })).headers.location ?? `/product-${id}-x.html`) })).body)).not.toContain('Non disponibile');
  });
});
