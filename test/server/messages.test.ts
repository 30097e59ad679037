/**
 * Messages reach the owner: with SMTP_URL set, contact messages and notice requests are mailed
 * as they are stored, and an import that brings a size back in stock writes to whoever asked.
 * The mail goes to a real SMTP server started here (smtp-server); `npm run messages` lists
 * what was stored.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SPECIAL_PRODUCTS } from '../../server/db/catalogue/specialProducts';
import { importCatalogueFile, openCatalogueDb, type OpenedCatalogueDb } from '../../server/db/catalogue/importer';
import { exportCatalogue } from '../../server/db/catalogue/store';
import { mailerFromEnv, type Mailer } from '../../server/messages/mailer';
import { answerRestockedNotices } from '../../server/messages/notify';
import { BACKEND, multipart, startTestShop, Visitor, type TestShop } from './helpers';
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from '../support/smtpInbox';

jest.setTimeout(60_000);
const ROOT = join(__dirname, '..', '..');

let smtp: SmtpInbox;
let smtpUrl: string;
/** Every mail received (a test may empty it). */
let inbox: ReceivedMail[] = [];
/** Waits until the inbox holds `count` mails. */
const mails = (count: number) => smtp.count(count);

let shop: TestShop;
let mailer: Mailer;
let catalogue: OpenedCatalogueDb;

beforeAll(async () => {
  smtp = await startSmtpInbox();
  inbox = smtp.mails;
  smtpUrl = smtp.url;
  mailer = mailerFromEnv({ SMTP_URL: smtpUrl, MAIL_FROM: 'FreniShop <negozio@example.it>', MAIL_TO: 'titolare@example.it' })!;
  shop = await startTestShop(300, { mailer });
  catalogue = await openCatalogueDb({ databaseUrl: shop.databaseUrl, sqlitePath: join(shop.dir, 'shop.sqlite') });
});
afterAll(async () => {
  await catalogue.close();
  await shop.close();
  mailer.close();
  await smtp.close();
});

describe(`messages reach the owner (${BACKEND})`, () => {
  it('mails a contact message to the owner, answerable to the shopper', async () => {
    inbox.length = 0;
    const response = await new Visitor(shop.app).post('/contact.php', { name: 'Mario Rossi', contact: 'mario.rossi@example.it', subject: 'product', message: 'Quali pastiglie vanno bene per la mia Panda 1.2?', terms: '1' });
    expect(response.statusCode).toBe(200);
    const [mail] = await mails(1);
    expect(mail.from).toBe('negozio@example.it');
    expect(mail.to).toEqual(['titolare@example.it']);
    expect(mail.text).toMatch(/^Reply-To: mario\.rossi@example\.it/m);
    expect(mail.text).toContain(`Messaggio dal sito n. ${(response.json() as { id: number }).id} (prodotto): Mario Rossi`);
    expect(mail.text).toContain('Quali pastiglie vanno bene per la mia Panda 1.2?');
  });

  it('mails a contact message with its files attached', async () => {
    inbox.length = 0;
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const fields = { name: 'Mario Rossi', contact: 'mario.rossi@example.it', subject: 'product', message: 'Allego il libretto della mia auto.', terms: '1' };
    const response = await shop.app.inject({ method: 'POST', url: '/contact.php', ...multipart(fields, [{ field: 'attachment', name: 'libretto.pdf', type: 'application/pdf', bytes: pdf }]) });
    expect(response.statusCode).toBe(200);
    const [mail] = await mails(1);
    expect(mail.text).toContain('Allego il libretto della mia auto.');
    expect(mail.text).toMatch(/Content-Type: application\/pdf; name=libretto\.pdf/);
    expect(mail.text).toContain(pdf.toString('base64').slice(0, 40));
  });

  it('mails a notify-me request to the owner and a confirmation to the address (issue 35, point 10: double opt-in); only a confirmed address is written to when an import brings the size back', async () => {
    inbox.length = 0;
    const product = SPECIAL_PRODUCTS.unavailable;
    const visitor = new Visitor(shop.app);
    const ask = async (email: string) => {
      const response = await visitor.post('/ajax/notify.php', { product: String(product), size: 'uniw', email });
      expect(response.statusCode).toBe(200);
      const arrived = await mails(inbox.length + 2);
      const forOwner = arrived.slice(-2).find((mail) => mail.to.includes('titolare@example.it'))!;
      const forShopper = arrived.slice(-2).find((mail) => mail.to.includes(email))!;
      expect(forOwner.text).toContain(`${email} chiede di essere avvisato quando il prodotto ${product} (taglia uniw)`);
      const link = new RegExp(`${mailer.origin!.replace(/[.:/]/g, '\\$&')}(/notify-confirm\\.php\\?token=[A-Za-z0-9_-]{43})`).exec(forShopper.text);
      expect(link).not.toBeNull();
      return link![1];
    };
    const giulia = await ask('giulia@example.it');
    await ask('stranger@example.it');

    // Opening the link (or a mail scanner prefetching it) confirms nothing: it shows a button.
    const page = await visitor.get(giulia);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toMatch(/<form method="post" action="\/notify-confirm\.php">/);
    expect(await shop.sql('SELECT email FROM availability_notices WHERE product_id = ? AND confirmed_at IS NOT NULL', product)).toEqual([]);
    // The button confirms giulia's; a made-up token confirms nothing.
    const token = new URL(giulia, 'http://x').searchParams.get('token')!;
    expect((await visitor.post('/notify-confirm.php', { token })).statusCode).toBe(200);
    expect((await visitor.post('/notify-confirm.php', { token: 'A'.repeat(43) })).statusCode).toBe(404);
    expect(await shop.sql('SELECT email FROM availability_notices WHERE product_id = ? AND confirmed_at IS NOT NULL', product)).toEqual([{ email: 'giulia@example.it' }]);
    // Asked again (by anyone): no new confirmation mail to an address already confirmed.
    const before = inbox.length;
    expect((await visitor.post('/ajax/notify.php', { product: String(product), size: 'uniw', email: 'giulia@example.it' })).statusCode).toBe(200);
    await mails(before + 1);
    expect(inbox.slice(before).every((mail) => mail.to.includes('titolare@example.it'))).toBe(true);

    // The owner's next catalogue has the size in stock.
    const lines: string[] = [];
    await exportCatalogue(catalogue.db, (line) => void lines.push(line));
    const records = lines.map((line) => JSON.parse(line) as { kind: string; id?: number; sizes?: Array<Record<string, unknown>> });
    Object.assign(records.find((record) => record.kind === 'product' && record.id === product)!.sizes![0], { stock: 4, status: 'enable' });
    const file = join(shop.dir, 'restock.jsonl');
    writeFileSync(file, records.map((record) => JSON.stringify(record)).join('\n'));
    const result = await importCatalogueFile(catalogue.db, file);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const answered = await answerRestockedNotices(catalogue.db, result.summary.restocked, { mailer, origin: 'https://www.frenishop.example' });
    expect(answered).toEqual({ sent: 1, failed: 0 });
    const back = (await mails(before + 2))[before + 1];
    expect(back.to).toEqual(['giulia@example.it']);
    expect(back.text).toMatch(/^Subject: .*Di nuovo disponibile/m);
    expect(back.text).toMatch(new RegExp(`https://www\\.frenishop\\.example/product-${product}-[a-z0-9-]+\\.html`));
    // Answered: giulia's notice is gone; the unconfirmed one was never written to.
    expect(inbox.filter((mail) => mail.to.includes('stranger@example.it'))).toHaveLength(1);
    expect(await shop.sql('SELECT email FROM availability_notices WHERE product_id = ? AND confirmed_at IS NOT NULL', product)).toEqual([]);
  });

  it('npm run messages lists the stored messages and requests', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DB_PATH: join(shop.dir, 'shop.sqlite') };
    if (shop.databaseUrl) env.DATABASE_URL = shop.databaseUrl;
    delete env.NODE_OPTIONS;
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/messages.ts'], { cwd: ROOT, env, encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/Contact messages \(\d+\)/);
    expect(run.stdout).toContain('from Mario Rossi <mario.rossi@example.it>');
    expect(run.stdout).toContain('  Quali pastiglie vanno bene per la mia Panda 1.2?');
    expect(run.stdout).toContain('"E-mail me when it is back" requests');
    // The request its address never confirmed is listed as such: not to be written to.
    expect(run.stdout).toMatch(/stranger@example\.it .*NOT CONFIRMED: do not write/);
  });
});
