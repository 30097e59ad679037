import { test, expect, request as playwrightRequest, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { axeViolations } from './support/axe';
import { screenshot } from './support/screens';
import { startShopServer, type ShopServer } from './support/shopServer';
import { signInOwner } from '../support/ownerSession';
import { startSmtpInbox, type SmtpInbox } from '../support/smtpInbox';

/**
 * The owner takes orders in the back office (issue 36, point 2): marks a bank transfer paid,
 * packs it and ships it with a tracking number (the shopper's mail arrives, read from an SMTP
 * server this file starts), cancels a cash-on-delivery order (its stock is back on the product
 * page), and finds orders in the list at phone and computer widths. Everything by plain forms.
 * A server of this file's own (E2E_BASE_PORT + 7) is told the SMTP server's address.
 */
const port = Number(process.env.E2E_BASE_PORT || 8181) + 7;
let shop: ShopServer;
let smtp: SmtpInbox;
let dataDir: string;
let db: Database.Database;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  smtp = await startSmtpInbox();
  dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-admin-'));
  shop = await startShopServer(port, {
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'FreniShop <negozio@example.it>',
    MAIL_TO: 'titolare@example.it',
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
  });
  db = new Database(join(dataDir, 'shop.sqlite'), { readonly: true });
});

test.afterAll(async () => {
  db?.close();
  await shop?.stop();
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let picked = 0;
/** A stocked part with one size that anyone may buy one of, a different one each time. */
function stockedPart(): { id: number; size: string; stock: number } {
  return db
    .prepare(
      "SELECT p.id, s.size_id AS size, s.stock FROM products p JOIN sizes s ON s.product_id = p.id WHERE s.status = 'enable' AND s.stock BETWEEN 6 AND 50 AND p.phone_price = 0 AND p.gratis = 0 AND p.unit_sellby = 1 AND p.min_quantity IS NULL AND p.max_quantity IS NULL AND p.type = 'product_item' AND (SELECT COUNT(*) FROM sizes t WHERE t.product_id = p.id) = 1 ORDER BY p.id LIMIT 1 OFFSET ?",
    )
    .get(picked++ + (test.info().project.name === 'phone' ? 10 : 0)) as { id: number; size: string; stock: number };
}

/** A shopper's order through the checkout's calls (their own cookies), as the checkout page sends them. */
async function placeOrder(part: { id: number; size: string }, options: { payment: 'transfer' | 'cod'; quantity: number; email: string; lang?: string }): Promise<string> {
  const shopper: APIRequestContext = await playwrightRequest.newContext({ baseURL: shop.url, extraHTTPHeaders: { origin: shop.url } });
  try {
    expect((await shopper.post('/basketchange.php', { form: { product: String(part.id), size: part.size, number: String(options.quantity) } })).status()).toBe(200);
    const details = { email: options.email, phone: '600 700 800', name: 'Giulia Bianchi', street: 'Via Roma 1', postcode: '20121', city: 'Milano', country: 'IT', company: '', vat_number: '', terms: '1', lang: options.lang ?? 'it' };
    const couriers = (await (await shopper.post('/ajax/checkout.php?action=couriers', { data: details })).json()) as { couriers: Array<{ id: number; group: string }> };
    const courier = couriers.couriers.find((c) => c.group === (options.payment === 'cod' ? 'dvp' : 'prepaid'))!;
    const form = { ...details, courier: String(courier.id), payment: options.payment, key: `e2e-admin-${test.info().project.name}-${part.id}-${Date.now()}` };
    const review = (await (await shopper.post('/ajax/checkout.php?action=review', { data: form })).json()) as { quote: { fingerprint: string } };
    const placed = (await (await shopper.post('/ajax/checkout.php?action=place', { data: { ...form, quote: review.quote.fingerprint } })).json()) as { status: string; order: { number: string } };
    expect(placed.status).toBe('placed');
    return placed.order.number;
  } finally {
    await shopper.dispose();
  }
}

/** The browser signed in as a new owner (created by the test hook, signed in through the real form). */
async function signIn(context: BrowserContext): Promise<void> {
  const owner = await signInOwner(shop.url);
  await context.addCookies([{ name: 'shop_owner', value: owner.sessionId, domain: '127.0.0.1', path: '/admin', httpOnly: true, sameSite: 'Strict' }]);
}

/** The admin bundle has run (its saga now sends the status forms). */
const adminScriptReady = (page: Page) => expect(page.locator('html[data-admin-ready="true"]')).toHaveCount(1);

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('the owner marks a bank transfer paid, packs it and ships it with a tracking number; the shopper is mailed it', async ({ page, context }, info) => {
  const email = `giulia.${info.project.name}@example.it`;
  const number = await placeOrder(stockedPart(), { payment: 'transfer', quantity: 1, email });
  await signIn(context);
  await page.goto(`${shop.url}/admin/orders?q=${encodeURIComponent(email)}`);
  await page.getByRole('link', { name: number }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Ordine ${number}` })).toBeVisible();
  await adminScriptReady(page);
  await expect(page.locator('[data-order-status]')).toHaveText('In attesa di pagamento');
  // Only what the statechart allows from here.
  await expect(page.locator('[data-order-event]')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Segna come spedito' })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  expect(await noSidewaysScroll(page)).toBe(true);
  await screenshot(page, `admin-order-awaiting-${info.project.name}`);

  await page.getByRole('button', { name: 'Segna come pagato' }).click();
  await expect(page.getByRole('status')).toHaveText('Stato dell’ordine: Pagato.');
  await adminScriptReady(page);
  await page.getByRole('button', { name: 'Segna come imballato' }).click();
  await expect(page.locator('[data-order-status]')).toHaveText('Imballato');
  await adminScriptReady(page);
  await page.getByLabel('Numero di tracking del corriere').fill('BRT 0042 9911');
  await page.getByRole('button', { name: 'Segna come spedito' }).click();
  await expect(page.getByRole('status')).toHaveText('Stato dell’ordine: Spedito. Al cliente è stata inviata un’e-mail con il numero di tracking.');
  await expect(page.locator('[data-tracking]')).toHaveText('BRT 0042 9911');
  await expect(page.locator('[data-history]')).toHaveCount(3);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, `admin-order-shipped-${info.project.name}`);

  await expect.poll(() => smtp.mails.find((mail) => mail.to.includes(email) && mail.text.includes('BRT 0042 9911'))?.text ?? '').toContain(`il tuo ordine ${number} è partito con`);
});

test('cancelling an order gives its stock back: the product page shows it again', async ({ page, context }, info) => {
  const part = stockedPart();
  const number = await placeOrder(part, { payment: 'cod', quantity: 2, email: `annulla.${info.project.name}@example.it` });
  const productPage = `${shop.url}/product-${part.id}-x.html`;
  await page.goto(productPage);
  await expect(page.locator('.availability__stock')).toContainText(`Disponibili: ${part.stock - 2}`);

  await signIn(context);
  await page.goto(`${shop.url}/admin/orders/${number}`);
  await expect(page.locator('[data-order-status]')).toHaveText('Ricevuto');
  await adminScriptReady(page);
  await expect(page.getByText('Le quantità tornano in magazzino.')).toBeVisible();
  await page.getByRole('button', { name: 'Annulla l’ordine' }).click();
  await expect(page.getByRole('status')).toHaveText('Stato dell’ordine: Annullato. Le quantità sono tornate in magazzino.');
  await expect(page.getByText('Da questo stato l’ordine non cambia più.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, `admin-order-cancelled-${info.project.name}`);

  // The change reaches the shop's cached pages like a sale does (the change log, read every 500 ms).
  await expect(async () => {
    await page.goto(productPage);
    await expect(page.locator('.availability__stock')).toContainText(`Disponibili: ${part.stock}`, { timeout: 1000 });
  }).toPass();
});

test('the order list: filtered by payment and searched, stacked on a phone, without sideways scroll', async ({ page, context }, info) => {
  const tag = `lista.${info.project.name}`;
  const cod = await placeOrder(stockedPart(), { payment: 'cod', quantity: 1, email: `${tag}.cod@example.it` });
  const transfer = await placeOrder(stockedPart(), { payment: 'transfer', quantity: 1, email: `${tag}.bonifico@example.it` });
  await signIn(context);
  await page.goto(`${shop.url}/admin/orders`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ordini' })).toBeVisible();
  await page.getByLabel('Cerca per numero, e-mail o nome').fill(tag);
  await page.getByLabel('Pagamento', { exact: true }).selectOption('cod');
  await page.getByRole('button', { name: 'Filtra' }).click();
  await expect(page.locator('[data-order]')).toHaveCount(1);
  await expect(page.locator(`[data-order="${cod}"]`)).toContainText('Contrassegno');
  await expect(page.locator(`[data-order="${transfer}"]`)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: '1 ordine' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Esporta CSV per il commercialista' })).toHaveAttribute('href', `/admin/orders.csv?q=${encodeURIComponent(tag).replace(/%20/g, '+')}&payment=cod`);
  expect(await noSidewaysScroll(page)).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, `admin-orders-list-${info.project.name}`);

  await page.goto(`${shop.url}/admin/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Riepilogo' })).toBeVisible();
  await expect(page.locator('[data-home="awaiting"]')).toContainText(transfer);
  await expect(page.locator('[data-home="to-ship"]')).toContainText(cod);
  expect(await noSidewaysScroll(page)).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, `admin-home-${info.project.name}`);
});

test('a page left open while the order moved: the change is refused on the page, without a reload', async ({ page, context }, info) => {
  const number = await placeOrder(stockedPart(), { payment: 'transfer', quantity: 1, email: `fermo.${info.project.name}@example.it` });
  await signIn(context);
  await page.goto(`${shop.url}/admin/orders/${number}`);
  await adminScriptReady(page);
  // Meanwhile the order is cancelled from another tab (the same session's token, by script).
  const token = await page.locator('meta[name="csrf-token"]').getAttribute('content');
  const cancelled = await page.request.post(`${shop.url}/admin/orders/${number}/status`, { data: { event: 'CANCEL' }, headers: { 'x-csrf-token': token!, accept: 'application/json', origin: shop.url } });
  expect(cancelled.status()).toBe(200);
  const loads: string[] = [];
  page.on('framenavigated', (frame) => void (frame === page.mainFrame() && loads.push(frame.url())));
  await page.getByRole('button', { name: 'Segna come pagato' }).click();
  await expect(page.getByRole('alert')).toHaveText('Questo cambio non è possibile da «Annullato».');
  expect(loads).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, `admin-order-refused-${info.project.name}`);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the status forms post and the order page comes back drawn', async ({ page, context }, info) => {
    const number = await placeOrder(stockedPart(), { payment: 'transfer', quantity: 1, email: `nojs.${info.project.name}@example.it` });
    await signIn(context);
    await page.goto(`${shop.url}/admin/orders/${number}`);
    await page.getByRole('button', { name: 'Segna come pagato' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${number}\\?changed=paid$`));
    await expect(page.getByRole('status')).toHaveText('Stato dell’ordine: Pagato.');
    await page.getByRole('button', { name: 'Segna come imballato' }).click();
    await page.getByLabel('Numero di tracking del corriere').fill('GLS-778899');
    await page.getByRole('button', { name: 'Segna come spedito' }).click();
    await expect(page.locator('[data-tracking]')).toHaveText('GLS-778899');
    await expect(page.locator('[data-history]')).toHaveCount(3);
  });
});

test('messages: what a shopper wrote is shown as text, their file only as a download', async ({ page, context }, info) => {
  const shopper = await playwrightRequest.newContext({ baseURL: shop.url, extraHTTPHeaders: { origin: shop.url } });
  const text = `Il disco <b>${info.project.name}</b> arriva rotto: allego la foto.`;
  const sent = await shopper.post('/contact.php', {
    multipart: {
      name: '<img src=x onerror=alert(1)>',
      contact: 'cliente@example.it',
      subject: 'return',
      iban: '',
      message: text,
      terms: '1',
      attachment: { name: 'bolla.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n') },
    },
  });
  expect(sent.status()).toBe(200);
  await shopper.dispose();
  await signIn(context);
  await page.goto(`${shop.url}/admin/messages`);
  await expect(page.getByRole('heading', { level: 1, name: 'Messaggi' })).toBeVisible();
  const message = page.locator('[data-message]', { hasText: text });
  await expect(message.locator('[data-message-text]')).toHaveText(text);
  await expect(message).toContainText('<img src=x onerror=alert(1)> <cliente@example.it>');
  const link = message.getByRole('link', { name: /Scarica bolla\.pdf/ });
  await expect(link).toHaveAttribute('download', 'bolla.pdf');
  const answer = await page.request.get(`${shop.url}${await link.getAttribute('href')}`);
  expect(answer.headers()['content-disposition']).toMatch(/^attachment; filename="bolla\.pdf"/);
  expect(answer.headers()['content-type']).toBe('application/octet-stream');
  expect(await noSidewaysScroll(page)).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, `admin-messages-${info.project.name}`);
});
