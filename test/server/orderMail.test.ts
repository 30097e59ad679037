import { mailerFromEnv, type Mailer } from '../../server/messages/mailer';
import { BACKEND, startTestShop, Visitor, type TestShop } from './helpers';
import { startSmtpInbox, type SmtpInbox } from '../support/smtpInbox';
import type { CouriersAnswer, PlaceAnswer, ReviewAnswer } from '../../src/api/checkoutWire';

/**
 * A placed order is mailed (issue 32): to the shopper in the language they ordered in, with the
 * order's link and how to pay, and to the owner. The mail goes to a real SMTP server started here.
 */
let smtp: SmtpInbox;
let shop: TestShop;
let mailer: Mailer;
const mails = (count: number) => smtp.count(count);

beforeAll(async () => {
  smtp = await startSmtpInbox();
  const url = smtp.url;
  mailer = mailerFromEnv({ SMTP_URL: url, MAIL_FROM: 'FreniShop <negozio@example.it>', MAIL_TO: 'titolare@example.it', PUBLIC_ORIGIN: 'https://freni.example' })!;
  shop = await startTestShop(200, { mailer });
});
afterAll(async () => {
  await shop?.close();
  mailer?.close();
  await smtp.close();
});

it(`mails the order to the shopper in their language and to the owner (${BACKEND})`, async () => {
  const product = await shop.one<{ id: number; size: string }>(
    "SELECT p.id, s.size_id AS size FROM products p JOIN sizes s ON s.product_id = p.id WHERE s.status = 'enable' AND s.stock > 2 AND p.phone_price = 0 AND p.gratis = 0 AND p.unit_sellby = 1 AND p.min_quantity IS NULL AND p.type = 'product_item' ORDER BY p.id LIMIT 1",
  );
  const visitor = new Visitor(shop.app);
  expect((await visitor.post('/basketchange.php', { product: String(product.id), size: product.size, number: '1' })).statusCode).toBe(200);
  const details = { email: 'jan.kowalski@example.pl', phone: '600 700 800', name: 'Jan Kowalski', street: 'Via Roma 1', postcode: '20121', city: 'Milano', country: 'IT', company: '', vat_number: '', terms: '1', lang: 'pl' };
  const couriers = (await visitor.request({ method: 'POST', url: '/ajax/checkout.php?action=couriers', json: details })).json() as CouriersAnswer;
  const form = { ...details, courier: String(couriers.couriers.find((c) => c.group === 'prepaid')!.id), payment: 'transfer', key: 'mail-test-key-0123456789' };
  const review = (await visitor.request({ method: 'POST', url: '/ajax/checkout.php?action=review', json: form })).json() as Extract<ReviewAnswer, { status: 'review' }>;
  const placed = (await visitor.request({ method: 'POST', url: '/ajax/checkout.php?action=place', json: { ...form, quote: review.quote.fingerprint } })).json() as Extract<PlaceAnswer, { status: 'placed' }>;
  expect(placed.status).toBe('placed');

  const received = await mails(2);
  const shopper = received.find((mail) => mail.to.includes('jan.kowalski@example.pl'))!;
  const owner = received.find((mail) => mail.to.includes('titolare@example.it'))!;
  expect(shopper.text).toContain(`otrzymaliśmy Twoje zamówienie ${placed.order.number}.`);
  expect(shopper.text).toMatch(/dostawa w \d+ dni/);
  expect(shopper.text).toContain('Jak zapłacić przelewem');
  expect(shopper.text).toContain(`Tytuł przelewu: ${placed.order.number}`);
  expect(shopper.text).toContain(`Do zapłaty: ${review.quote.total.formatted}`);
  expect(shopper.text).toContain(`https://freni.example${placed.order.link}`);
  expect(owner.text).toContain(`Causale: ${placed.order.number}`);
  expect(owner.text).toContain(`Totale da pagare: ${review.quote.total.formatted}`);
  expect(owner.text).toMatch(/^Reply-To: jan\.kowalski@example\.pl/m);

  // The same key again (a reload, a retry) answers the order and sends nothing more.
  const again = await visitor.request({ method: 'POST', url: '/ajax/checkout.php?action=place', json: { ...form, quote: review.quote.fingerprint } });
  expect(again.json()).toMatchObject({ status: 'placed', order: { number: placed.order.number } });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(smtp.mails).toHaveLength(2);
});
