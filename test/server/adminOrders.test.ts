import { mailerFromEnv, type Mailer } from '../../server/messages/mailer';
import { formatCents } from '../../server/money';
import { BACKEND, startTestShop, Visitor, type TestShop } from './helpers';
import { signInOwner, type OwnerSession } from '../support/ownerSession';
import { startSmtpInbox, type SmtpInbox } from '../support/smtpInbox';
import type { CouriersAnswer, PlaceAnswer, ReviewAnswer } from '../../src/api/checkoutWire';

/**
 * The back office's orders and messages (issue 36, points 2, 5 and 6) on this project's backend:
 * an owner signed in through the real forms moves orders as the statechart allows (refusals 409,
 * nothing written), a cancellation gives the stock back in the change's own transaction, shipping
 * mails the shopper their tracking number, the CSV neutralises formulas, and shoppers' files are
 * only ever downloads.
 */
let smtp: SmtpInbox;
let shop: TestShop;
let mailer: Mailer;
let owner: OwnerSession;
const mailTo = (address: string, containing: string) => smtp.mailTo(address, containing);

beforeAll(async () => {
  smtp = await startSmtpInbox();
  const url = smtp.url;
  mailer = mailerFromEnv({ SMTP_URL: url, MAIL_FROM: 'FreniShop <negozio@example.it>', MAIL_TO: 'titolare@example.it', PUBLIC_ORIGIN: 'https://freni.example' })!;
  shop = await startTestShop(200, { mailer });
  owner = await signInOwner(shop.app);
});
afterAll(async () => {
  await shop?.close();
  mailer?.close();
  await smtp.close();
});

let ordered = 0;
/** A shopper's order through the real checkout: `quantity` of a stocked part, paid by `payment`. */
async function placeOrder(options: { payment: 'transfer' | 'cod'; quantity?: number; lang?: string; email?: string; name?: string }) {
  const product = await shop.one<{ id: number; size: string; stock: number }>(
    "SELECT p.id, s.size_id AS size, s.stock FROM products p JOIN sizes s ON s.product_id = p.id WHERE s.status = 'enable' AND s.stock > 5 AND p.phone_price = 0 AND p.gratis = 0 AND p.unit_sellby = 1 AND p.min_quantity IS NULL AND p.max_quantity IS NULL AND p.type = 'product_item' AND (SELECT COUNT(*) FROM sizes t WHERE t.product_id = p.id) = 1 ORDER BY p.id LIMIT 1 OFFSET ?",
    ordered++ % 5,
  );
  const visitor = new Visitor(shop.app);
  expect((await visitor.post('/basketchange.php', { product: String(product.id), size: product.size, number: String(options.quantity ?? 1) })).statusCode).toBe(200);
  const details = { email: options.email ?? `buyer${ordered}@example.it`, phone: '600 700 800', name: options.name ?? 'Mario Rossi', street: 'Via Roma 1', postcode: '20121', city: 'Milano', country: 'IT', company: '', vat_number: '', terms: '1', lang: options.lang ?? 'it' };
  const couriers = (await visitor.request({ method: 'POST', url: '/ajax/checkout.php?action=couriers', json: details })).json() as CouriersAnswer;
  const courier = couriers.couriers.find((c) => c.group === (options.payment === 'cod' ? 'dvp' : 'prepaid'))!;
  const form = { ...details, courier: String(courier.id), payment: options.payment, key: `admin-orders-key-${BACKEND}-${ordered}-0123456789` };
  const review = (await visitor.request({ method: 'POST', url: '/ajax/checkout.php?action=review', json: form })).json() as Extract<ReviewAnswer, { status: 'review' }>;
  const placed = (await visitor.request({ method: 'POST', url: '/ajax/checkout.php?action=place', json: { ...form, quote: review.quote.fingerprint } })).json() as Extract<PlaceAnswer, { status: 'placed' }>;
  expect(placed.status).toBe('placed');
  return { number: placed.order.number, product, email: details.email };
}

const stockOf = async (product: { id: number; size: string }) => Number((await shop.one<{ stock: number }>('SELECT stock FROM sizes WHERE product_id = ? AND size_id = ?', product.id, product.size)).stock);
const statusOf = async (number: string) => (await shop.one<{ status: string }>('SELECT status FROM orders WHERE number = ?', number)).status;

/** The owner's change by script (JSON), as the admin bundle's saga sends it. */
const change = (number: string, event: string, extra: Record<string, string> = {}) =>
  shop.app.inject({ method: 'POST', url: `/admin/orders/${number}/status`, headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrfToken, accept: 'application/json', 'content-type': 'application/json' }, payload: JSON.stringify({ event, ...extra }) });
const page = (url: string) => shop.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie, accept: 'text/html' } });

describe(`back-office orders (${BACKEND})`, () => {
  it('refuses every orders and messages address without a session, and a change without the session token', async () => {
    for (const url of ['/admin/orders', '/admin/orders.csv', '/admin/orders/2026-000001', '/admin/messages', '/admin/messages/1/files/1']) {
      const answer = await shop.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect([303, 401]).toContain(answer.statusCode);
      expect(answer.body).not.toContain('2026-0');
    }
    const { number } = await placeOrder({ payment: 'transfer' });
    const forged = await shop.app.inject({ method: 'POST', url: `/admin/orders/${number}/status`, headers: { cookie: owner.cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'event=CANCEL' });
    expect(forged.statusCode).toBe(403);
    expect(await statusOf(number)).toBe('awaiting_payment');
  });

  it('takes a bank transfer from awaiting payment to delivered, refusing what the statechart does not allow; shipping mails the tracking number in the shopper’s language', async () => {
    const { number, email } = await placeOrder({ payment: 'transfer', lang: 'pl', email: 'anna.nowak@example.pl', name: 'Anna Nowak' });
    expect(await statusOf(number)).toBe('awaiting_payment');

    const early = await change(number, 'PACK');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: { code: 'transition_not_allowed', params: { from: 'awaiting_payment', event: 'PACK' } } });
    expect(await statusOf(number)).toBe('awaiting_payment');

    const paid = await change(number, 'MARK_PAID');
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', allowed: ['PACK', 'REFUND'] });
    expect((await change(number, 'PACK')).json()).toMatchObject({ status: 'packed' });

    const untracked = await change(number, 'SHIP', { tracking: '  ' });
    expect(untracked.statusCode).toBe(422);
    expect(untracked.json()).toMatchObject({ error: { code: 'tracking_required' } });
    const formula = await change(number, 'SHIP', { tracking: '=HYPERLINK("x")' });
    expect(formula.statusCode).toBe(422);
    expect(await statusOf(number)).toBe('packed');

    const shipped = await change(number, 'SHIP', { tracking: 'BRT 0123456789' });
    expect(shipped.json()).toMatchObject({ status: 'shipped', tracking: 'BRT 0123456789', mailed: true });
    const mail = await mailTo(email, 'BRT 0123456789');
    expect(mail.text).toContain(`Twoje zamówienie ${number} jest w drodze`);
    expect(mail.text).toContain('Numer przesyłki: BRT 0123456789');
    expect(mail.text).toMatch(/https:\/\/freni\.example\/pl\/order\/[\w-]+/);

    expect((await change(number, 'CANCEL')).statusCode).toBe(409);
    expect((await change(number, 'DELIVER')).json()).toMatchObject({ status: 'delivered' });

    // The history and the audit log, each change once, by the signed-in owner.
    const events = await shop.sql<{ from_status: string; to_status: string; owner_email: string; detail: string | null }>('SELECT e.from_status, e.to_status, e.owner_email, e.detail FROM order_events e JOIN orders o ON o.id = e.order_id WHERE o.number = ? ORDER BY e.id', number);
    expect(events.map((e) => `${e.from_status}>${e.to_status}`)).toEqual(['awaiting_payment>paid', 'paid>packed', 'packed>shipped', 'shipped>delivered']);
    expect(new Set(events.map((e) => e.owner_email))).toEqual(new Set([owner.email]));
    expect(events[2].detail).toBe('BRT 0123456789');
    const audit = await shop.sql<{ detail: string; owner_id: number }>("SELECT detail, owner_id FROM audit_log WHERE action = 'order.status' AND subject = ? ORDER BY id", number);
    expect(audit.map((a) => a.detail)).toEqual(['awaiting_payment → paid', 'paid → packed', 'packed → shipped (BRT 0123456789)', 'shipped → delivered']);
    expect(audit.every((a) => Number(a.owner_id) === owner.ownerId)).toBe(true);

    // The order's page draws it all, and offers only what is allowed now.
    const drawn = await page(`/admin/orders/${number}`);
    expect(drawn.statusCode).toBe(200);
    expect(drawn.headers['cache-control']).toBe('no-store');
    expect(drawn.body).toContain('data-order-status="delivered"');
    expect(drawn.body).toContain('BRT 0123456789');
    expect(drawn.body.match(/data-order-event="(\w+)"/g)).toEqual(['data-order-event="REFUND"']);
    // Each line names the vehicle it was added for and its fit (as the checkout kept them).
    await shop.sql("UPDATE order_lines SET vehicle_label = ?, fit = 'none' WHERE order_id = (SELECT id FROM orders WHERE number = ?)", 'Fiat <Panda> 1.2', number);
    const withVehicle = await page(`/admin/orders/${number}`);
    expect(withVehicle.body).toContain('Fiat &lt;Panda&gt; 1.2');
    expect(withVehicle.body).toContain('<span data-fit="none"> · Non adatto al veicolo scelto</span>');
  });

  it('sends cash on delivery from new straight to packed, and a cancellation gives the stock back', async () => {
    const { number, product } = await placeOrder({ payment: 'cod', quantity: 2 });
    const after = await stockOf(product);
    expect(await statusOf(number)).toBe('new');
    expect((await change(number, 'MARK_PAID')).statusCode).toBe(409);
    expect((await change(number, 'PACK')).json()).toMatchObject({ status: 'packed', allowed: ['SHIP', 'CANCEL'] });
    const cancelled = await change(number, 'CANCEL');
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', stockReturned: true, allowed: [] });
    expect(await stockOf(product)).toBe(after + 2);
    // Cancelled is the end: a second cancel is refused and gives nothing back again.
    expect((await change(number, 'CANCEL')).statusCode).toBe(409);
    expect(await stockOf(product)).toBe(after + 2);
  });

  it('cancels in one transaction: when the history cannot be written, neither the status nor the stock changes', async () => {
    const { number, product } = await placeOrder({ payment: 'transfer', quantity: 3 });
    const after = await stockOf(product);
    await shop.sql('ALTER TABLE order_events RENAME TO order_events_away');
    try {
      const failed = await change(number, 'CANCEL');
      expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await shop.sql('ALTER TABLE order_events_away RENAME TO order_events');
    }
    expect(await statusOf(number)).toBe('awaiting_payment');
    expect(await stockOf(product)).toBe(after);
    // With the table back the same cancellation goes through, the stock with it.
    expect((await change(number, 'CANCEL')).json()).toMatchObject({ status: 'cancelled', stockReturned: true });
    expect(await stockOf(product)).toBe(after + 3);
  });

  it('works as plain forms: a change redirects to the order’s page saying what happened; a refused one is drawn with the reason (409)', async () => {
    const { number } = await placeOrder({ payment: 'transfer' });
    const form = (body: Record<string, string>) =>
      shop.app.inject({ method: 'POST', url: `/admin/orders/${number}/status`, headers: { cookie: owner.cookie, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ _csrf: owner.csrfToken, ...body }).toString() });
    const paid = await form({ event: 'MARK_PAID' });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/admin/orders/${number}?changed=paid`);
    const drawn = await page(String(paid.headers.location));
    expect(drawn.body).toContain('Stato dell’ordine: Pagato.');
    const refused = await form({ event: 'DELIVER' });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('Questo cambio non è possibile da «Pagato».');
    expect(refused.body).toContain('role="alert"');
  });

  it('lists orders filtered by status and payment and searched by number, e-mail or name in any case, paged', async () => {
    const cod = await placeOrder({ payment: 'cod', email: 'Zofia.Kaminska@Example.pl', name: 'Zofia Kamińska' });
    const list = await page('/admin/orders?payment=cod&q=zofia.kaminska');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(`data-order="${cod.number}"`);
    expect(list.body.match(/data-order="/g)).toHaveLength(1);
    expect((await page(`/admin/orders?q=${encodeURIComponent('KAMIŃSKA')}`)).body).toContain(`data-order="${cod.number}"`);
    expect((await page(`/admin/orders?q=${cod.number}`)).body).toContain(`data-order="${cod.number}"`);
    expect((await page('/admin/orders?payment=transfer&q=zofia')).body).not.toContain(`data-order="${cod.number}"`);
    expect((await page('/admin/orders?status=new&q=zofia')).body).toContain(`data-order="${cod.number}"`);
    expect((await page('/admin/orders?status=paid&q=zofia')).body).not.toContain(`data-order="${cod.number}"`);
    // A LIKE wildcard typed by the owner is a character, not "anything".
    expect((await page('/admin/orders?q=%25')).body).not.toContain('data-order="');
    const today = (await shop.one<{ created_at: string }>('SELECT created_at FROM orders WHERE number = ?', cod.number)).created_at.slice(0, 10);
    expect((await page(`/admin/orders?from=${today}&to=${today}&q=zofia`)).body).toContain(`data-order="${cod.number}"`);
    expect((await page('/admin/orders?from=2000-01-01&to=2000-01-02')).body).not.toContain('data-order="');
    const bad = await page('/admin/orders?status=lost&from=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('role="alert"');
    const total = Number((await shop.one<{ n: number }>('SELECT COUNT(*) AS n FROM orders')).n);
    for (let i = total; i < 26; i++) await placeOrder({ payment: 'transfer' });
    const first = await page('/admin/orders');
    expect(first.body.match(/data-order="/g)).toHaveLength(25);
    expect(first.body).toContain('href="/admin/orders?page=2"');
    expect((await page('/admin/orders?page=2')).body.match(/data-order="/g)!.length).toBeGreaterThanOrEqual(1);
  });

  it('exports the filtered orders as CSV for the accountant: BOM, RFC 4180, formulas neutralised', async () => {
    const { number } = await placeOrder({ payment: 'cod', email: 'csv@example.it' });
    await shop.sql('UPDATE orders SET name = ?, city = ? WHERE number = ?', '=HYPERLINK("http://evil.example","x")', 'Reggio, Emilia', number);
    const csv = await shop.app.inject({ method: 'GET', url: '/admin/orders.csv?payment=cod&q=csv%40example.it', headers: { cookie: owner.cookie } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Numero,Data,Stato,Pagamento,Nome,E-mail,Telefono,Ragione sociale,Partita IVA,Indirizzo,CAP,Città,Paese,Corriere,Tracking,Merce netto,Spedizione netto,IVA,Totale');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${number},`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(lines[1]).toContain('"Reggio, Emilia"');
    expect((await shop.app.inject({ method: 'GET', url: '/admin/orders.csv?from=31-12-2026', headers: { cookie: owner.cookie } })).json()).toMatchObject({ error: { code: 'bad_filter' } });
  });

  it('shows today’s orders and their worth, what waits for payment or shipping, and the low stock on the first screen', async () => {
    const awaiting = await placeOrder({ payment: 'transfer' });
    const toShip = await placeOrder({ payment: 'cod' });
    const low = await shop.one<{ product_id: number; size_id: string }>("SELECT product_id, size_id FROM sizes WHERE status = 'enable' ORDER BY product_id DESC LIMIT 1");
    await shop.sql('UPDATE sizes SET stock = 1 WHERE product_id = ? AND size_id = ?', low.product_id, low.size_id);
    const home = await page('/admin/');
    expect(home.statusCode).toBe(200);
    const today = await shop.one<{ n: number; worth: number }>("SELECT COUNT(*) AS n, SUM(total) AS worth FROM orders WHERE status <> 'cancelled'");
    expect(home.body).toContain(`<strong>${Number(today.n)} ordini</strong> per ${formatCents(Number(today.worth))}`);
    const section = (name: string) => home.body.split(`data-home="${name}"`)[1].split('</section>')[0];
    // The longest waiting first (at most 20 of each), and how many wait in all.
    const numbers = (name: string) => [...section(name).matchAll(/data-order="([\d-]+)"/g)].map((m) => m[1]);
    const waiting = async (statuses: string) => (await shop.sql<{ number: string }>(`SELECT number FROM orders WHERE status IN (${statuses}) ORDER BY created_at, id`)).map((r) => r.number);
    const awaitingAll = await waiting("'awaiting_payment'");
    const toShipAll = await waiting("'new', 'paid', 'packed'");
    expect(awaitingAll).toContain(awaiting.number);
    expect(toShipAll).toContain(toShip.number);
    expect(numbers('awaiting')).toEqual(awaitingAll.slice(0, 20));
    expect(numbers('to-ship')).toEqual(toShipAll.slice(0, 20));
    expect(section('awaiting')).toContain(`<span data-count="true">${awaitingAll.length}</span>`);
    expect(section('to-ship')).toContain(`<span data-count="true">${toShipAll.length}</span>`);
    expect(section('low-stock')).toContain(`data-low-stock="${low.product_id}:${low.size_id}"`);
  });
});

describe(`back-office messages (${BACKEND})`, () => {
  it('lists contact messages escaped and serves their files only as downloads', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    await shop.repository.saveContactMessage('visitor-admin-messages', { name: '<img src=x onerror=alert(1)>', contact: 'cliente@example.it', subject: 'return', iban: null, message: 'Il disco <b>non</b> va bene' }, [{ field: 'attachment', fileName: 'fattura "marzo".html', mimeType: 'text/html', content: html }]);
    const messages = await page('/admin/messages');
    expect(messages.statusCode).toBe(200);
    expect(messages.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(messages.body).toContain('Il disco &lt;b&gt;non&lt;/b&gt; va bene');
    expect(messages.body).not.toContain('<img src=x');
    const link = /href="(\/admin\/messages\/\d+\/files\/\d+)"/.exec(messages.body)![1];
    const file = await shop.app.inject({ method: 'GET', url: link, headers: { cookie: owner.cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="fattura _marzo_.html"; filename*=UTF-8''fattura%20%22marzo%22.html`);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload).toEqual(html);
    expect((await shop.app.inject({ method: 'GET', url: '/admin/messages/999999/files/1', headers: { cookie: owner.cookie } })).statusCode).toBe(404);
  });

  it('lists notify-me requests with whether to write to them', async () => {
    const size = await shop.one<{ product_id: number; size_id: string }>("SELECT product_id, size_id FROM sizes WHERE status = 'enable' AND stock > 0 ORDER BY product_id LIMIT 1");
    await shop.repository.requestAvailabilityNotice('visitor-admin-notice', { productId: size.product_id, sizeId: size.size_id, email: 'aspetto@example.it' });
    const messages = await page('/admin/messages');
    expect(messages.body).toContain('data-notice="aspetto@example.it"');
    expect(messages.body.split('data-notice="aspetto@example.it"')[1]).toMatch(/^[^]*?Non confermata: non scrivere/);
  });
});
