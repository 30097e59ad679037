/**
 * Catalogue imports from the back office (issue 36, point 4), on both backends: the owner uploads
 * a catalogue file (multipart, the session's token in the form's action); a file with errors is
 * answered with its errors by line and field and changes nothing; a good one is applied with
 * `catalogue:import`'s own check and transaction (the product page shows the new name and price)
 * and audited; without a session or without the token nothing is read or written.
 */
import { exportCatalogue } from '../../server/db/catalogue/store';
import { signInOwner, type OwnerSession } from '../support/ownerSession';
import { BACKEND, multipart, productPath, startTestShop, type TestShop } from './helpers';

jest.setTimeout(90_000);

type Line = Record<string, unknown> & { kind: string };

let shop: TestShop;
let owner: OwnerSession;
let exported: Line[];
beforeAll(async () => {
  shop = await startTestShop(60);
  owner = await signInOwner(shop.app);
  const writer = await shop.repository.catalogueWriter();
  const lines: string[] = [];
  try {
    await exportCatalogue(writer.db, (line) => void lines.push(line));
  } finally {
    await writer.close();
  }
  exported = lines.map((line) => JSON.parse(line) as Line);
});
afterAll(async () => {
  await shop?.close();
});

const fileOf = (lines: Line[]) => Buffer.from(lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
function upload(bytes: Buffer, options: { token?: string | null; cookie?: string | null; name?: string } = {}) {
  const body = multipart({}, [{ field: 'catalogue', name: options.name ?? 'catalogue.jsonl', type: 'application/x-ndjson', bytes }]);
  const token = options.token === undefined ? owner.csrfToken : options.token;
  const cookie = options.cookie === undefined ? owner.cookie : options.cookie;
  return shop.app.inject({
    method: 'POST',
    url: token === null ? '/admin/imports' : `/admin/imports?_csrf=${encodeURIComponent(token)}`,
    headers: { ...body.headers, accept: 'text/html', origin: 'http://localhost', ...(cookie ? { cookie } : {}) },
    payload: body.payload,
  });
}
const shown = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, ' ').replace(/<[^>]+>/g, ' ').replace(/&nbsp;|\u00a0/g, ' ').replace(/\s+/g, ' ');
const sizesOf = (line: Line) => line.sizes as Array<Record<string, unknown>>;
const fingerprint = async () => shop.sql('SELECT product_id, size_id, price_gross, stock FROM sizes ORDER BY product_id, size_id');
const names = async () => shop.sql('SELECT id, name FROM products ORDER BY id');
const audits = () => shop.sql<{ action: string; subject: string; detail: string; owner_id: number }>("SELECT action, subject, detail, owner_id FROM audit_log WHERE action = 'catalogue.import' ORDER BY id");

describe(`back office: catalogue imports (${BACKEND})`, () => {
  it('the import page has the upload form, its action carrying the session token', async () => {
    const page = await shop.app.inject({ method: 'GET', url: '/admin/imports', headers: { cookie: owner.cookie, accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain(`action="/admin/imports?_csrf=${owner.csrfToken}"`);
    expect(page.body).toMatch(/enctype="multipart\/form-data"/i);
    expect(page.body).toMatch(/<label for="import-progress">[^<]+<\/label><progress id="import-progress"/);
  });

  it('refuses without a session and without the token, reading and writing nothing', async () => {
    const before = await fingerprint();
    const good = fileOf(exported);
    const anonymous = await upload(good, { cookie: null });
    expect([303, 401]).toContain(anonymous.statusCode);
    const noToken = await upload(good, { token: null });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().error.code).toBe('csrf_token');
    const forged = await upload(good, { token: 'forged-token' });
    expect(forged.statusCode).toBe(403);
    expect(await fingerprint()).toEqual(before);
    expect(await audits()).toEqual([]);
  });

  it('a file with errors is answered with its errors by line and field and changes nothing; a good one is applied, shown and audited', async () => {
    const beforeSizes = await fingerprint();
    const beforeNames = await names();
    const firstIndex = exported.findIndex((line) => line.kind === 'product');
    const bad: Line[] = structuredClone(exported);
    sizesOf(bad[firstIndex])[0].price_gross = -5;
    bad[firstIndex + 1] = { ...bad[firstIndex + 1], name: '' };
    const refused = await upload(fileOf(bad), { name: 'listino-errato.jsonl' });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    const rows = [...refused.body.matchAll(/<tr><td>(\d+)<\/td><td><code>([^<]+)<\/code><\/td><td>([^<]+)<\/td><\/tr>/g)].map((m) => ({ line: Number(m[1]), field: m[2], reason: m[3] }));
    expect(rows).toEqual(expect.arrayContaining([{ line: firstIndex + 1, field: 'sizes[0].price_gross', reason: 'must be at least 0' }, expect.objectContaining({ line: firstIndex + 2, field: 'name' })]));
    expect(shown(refused.body)).toContain('Il catalogo NON è stato cambiato');
    expect(shown(refused.body)).toContain('listino-errato.jsonl');
    expect(await fingerprint()).toEqual(beforeSizes);
    expect(await names()).toEqual(beforeNames);
    expect(await audits()).toEqual([]);

    const good: Line[] = structuredClone(exported);
    const product = good[firstIndex];
    const id = product.id as number;
    product.name = 'Pastiglie importate dal browser';
    Object.assign(sizesOf(product)[0], { price_gross: 987.65, price_net: 809.55 });
    const applied = await upload(fileOf(good), { name: 'listino.jsonl' });
    expect(applied.statusCode).toBe(200);
    const total = exported.filter((line) => line.kind === 'product').length;
    expect(shown(applied.body)).toContain(`Catalogo importato da listino.jsonl: ${total} prodotti (0 nuovi, ${total} aggiornati, 0 tolti).`);
    expect(await shop.sql('SELECT name FROM products WHERE id = ?', id)).toEqual([{ name: 'Pastiglie importate dal browser' }]);

    const page = await shop.app.inject({ method: 'GET', url: await productPath(shop.app, id) });
    expect(page.statusCode).toBe(200);
    const state = JSON.parse(/<script[^>]*id="shop-state">([\s\S]*?)<\/script>/.exec(page.body)![1]) as { page: { product: { name: string; sizes: Record<string, { price: { value: number } }> } } };
    expect(state.page.product.name).toBe('Pastiglie importate dal browser');
    expect(Object.values(state.page.product.sizes).map((size) => size.price.value)).toContain(987.65);

    const [entry, ...more] = await audits();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ owner_id: owner.ownerId, subject: 'listino.jsonl' });
    expect(entry.detail).toContain(`${total} products: 0 added, ${total} updated, 0 removed`);
  });

  it('a form without a file is answered 400 on the page, nothing written', async () => {
    const before = await fingerprint();
    const body = multipart({ note: 'x' }, []);
    const answer = await shop.app.inject({ method: 'POST', url: `/admin/imports?_csrf=${owner.csrfToken}`, headers: { ...body.headers, accept: 'text/html', origin: 'http://localhost', cookie: owner.cookie }, payload: body.payload });
    expect(answer.statusCode).toBe(400);
    expect(shown(answer.body)).toContain('Scegli un file da importare.');
    expect(await fingerprint()).toEqual(before);
  });
});
