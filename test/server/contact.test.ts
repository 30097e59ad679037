import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { ContactMessageResponse } from '../../src/api/wire';
import type { Mail, Mailer } from '../../server/messages/mailer';
import { DEFAULT_LIMITS } from '../../server/limits';
import { multipart, startTestShop, Visitor, type TestShop } from './helpers';

let shop: TestShop;
let app: FastifyInstance;

beforeAll(async () => {
  // Many messages from one address: its message budget (60) is not what these tests are about.
  // The budgets per address are tested on their own (addressBudget.test.ts): this file sends more than a minute's worth from one address.
  shop = await startTestShop(300, { limits: { ...DEFAULT_LIMITS, messagesPerAddress: 10_000, newVisitorWritesPerAddress: 10_000 } });
  ({ app } = shop);
});

afterAll(async () => {
  await shop.close();
});

const valid = {
  name: 'Mario Rossi',
  contact: 'mario.rossi@example.it',
  subject: 'product',
  iban: '',
  message: 'Quali pastiglie vanno bene per la mia Panda 1.2?',
  terms: '1',
};

const messages = async () => (await shop.one<{ n: number }>('SELECT COUNT(*) AS n FROM contact_messages')).n;

describe('POST /contact.php', () => {
  it('stores a valid message and answers its id', async () => {
    const before = await messages();
    const response = await new Visitor(app).post('/contact.php', { ...valid, iban: 'it60 x054 2811 1010 0000 0123 456', contact: '+39 333 123 4567' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const answer = response.json() as ContactMessageResponse;
    expect(answer).toEqual({ status: 'ok', id: expect.any(Number), attachments: [] });
    expect(await messages()).toBe(before + 1);
    const row = await shop.one('SELECT name, contact, subject, iban, message FROM contact_messages WHERE id = ?', answer.id);
    expect(row).toEqual({ name: 'Mario Rossi', contact: '+39 333 123 4567', subject: 'product', iban: 'IT60X0542811101000000123456', message: valid.message });
  });

  it('accepts a message without subject or bank account', async () => {
    const { subject: _subject, iban: _iban, ...rest } = valid;
    const response = await new Visitor(app).post('/contact.php', rest);
    expect(response.statusCode).toBe(200);
  });

  it.each([
    [{ ...valid, name: '' }, 'missing_name'],
    [{ ...valid, name: 'M' }, 'invalid_name'],
    [{ ...valid, contact: '' }, 'missing_contact'],
    [{ ...valid, contact: '12345678' }, 'invalid_contact'],
    [{ ...valid, contact: 'mario@' }, 'invalid_contact'],
    [{ ...valid, message: 'Troppo' }, 'invalid_message'],
    [{ ...valid, message: 'x'.repeat(2001) }, 'invalid_message'],
    [{ ...valid, message: '' }, 'missing_message'],
    [{ ...valid, terms: '' }, 'terms_not_accepted'],
    [{ ...valid, subject: 'spam' }, 'invalid_subject'],
    [{ ...valid, iban: 'IT00 1234' }, 'invalid_iban'],
    [{ ...valid, message: 'x'.repeat(4001) }, 'invalid_parameter'],
  ])('refuses a form with 400 %# (%p)', async (form, code) => {
    const before = await messages();
    const response = await new Visitor(app).post('/contact.php', form);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code, message: expect.any(String) } });
    expect(await messages()).toBe(before);
  });

  it('refuses a repeated field and stores nothing', async () => {
    const before = await messages();
    const response = await app.inject({
      method: 'POST',
      url: '/contact.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `${new URLSearchParams(valid).toString()}&name=Luigi`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_parameter');
    expect(await messages()).toBe(before);
  });

  // Issue 35, point 3: a line break in a one-line field would forge lines in the owner's mail and in `npm run messages`.
  it.each([
    ['name', { name: 'Mario Rossi\r\nDa: PayPal <service@paypal.com>' }],
    ['name', { name: 'Mario\nRossi' }],
    ['contact', { contact: 'mario.rossi@example.it\rBcc: tutti@example.it' }],
    ['subject', { subject: 'product\n' }],
    ['name', { name: 'Mario\u2028Rossi' }],
  ])('refuses a line break in %s (form-encoded and multipart) and stores nothing; the message keeps its lines', async (field, change) => {
    const before = await messages();
    const form = await new Visitor(app).post('/contact.php', { ...valid, ...change });
    expect([form.statusCode, form.json().error.code]).toEqual([400, `invalid_${field}`]);
    const withFiles = await app.inject({ method: 'POST', url: '/contact.php', ...multipart({ ...valid, ...change }, []) });
    expect([withFiles.statusCode, withFiles.json().error.code]).toEqual([400, `invalid_${field}`]);
    expect(await messages()).toBe(before);
    const lines = await new Visitor(app).post('/contact.php', { ...valid, message: 'Buongiorno,\r\nuna domanda.\nGrazie' });
    expect(lines.statusCode).toBe(200);
  });

  it('refuses a post from another site and stores nothing', async () => {
    const before = await messages();
    const response = await new Visitor(app).post('/contact.php', valid, { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('foreign_origin');
    expect(await messages()).toBe(before);
  });

  it('still serves the contact page on GET', async () => {
    const response = await app.inject({ method: 'GET', url: '/contact.php' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});

/** Issue 23, point 14: IBANs of every country the shop sells to, with the mod-97 checksum, on both backends. */
describe('the bank account: every country the shop sells to, mod-97', () => {
  const accepted = {
    IT: 'IT60 X054 2811 1010 0000 0123 456',
    ES: 'ES91 2100 0418 4502 0005 1332',
    FR: 'FR14 2004 1010 0505 0001 3M02 606',
    PT: 'PT50 0002 0123 1234 5678 9015 4',
    GB: 'GB29 NWBK 6016 1331 9268 19',
    PL: 'PL61 1090 1014 0000 0712 1981 2874',
    AT: 'AT61 1904 3002 3457 3201',
    NL: 'NL91 ABNA 0417 1643 00',
  };

  it.each(Object.entries(accepted))('accepts an IBAN of %s on the contact form and the validation URL', async (_country, iban) => {
    const response = await new Visitor(app).post('/contact.php', { ...valid, iban });
    expect(response.statusCode).toBe(200);
    const { id } = response.json() as ContactMessageResponse;
    expect((await shop.one<{ iban: string }>('SELECT iban FROM contact_messages WHERE id = ?', id)).iban).toBe(iban.replace(/\s/g, ''));
    const check = await app.inject({ method: 'GET', url: `/ajax/validate.php?field=bank_account&value=${encodeURIComponent(iban)}` });
    expect(check.json()).toEqual({ errno: 0 });
  });

  it.each([
    ['an Italian IBAN with one digit changed (checksum)', 'IT60 X054 2811 1010 0000 0123 457'],
    ['a Polish IBAN with two digits swapped (checksum)', 'PL61 1090 1014 0000 0712 1981 2847'],
    ['a Spanish IBAN one digit short', 'ES91 2100 0418 4502 0005 133'],
    ['a German IBAN (not a country the shop sells to)', 'DE89 3704 0044 0532 0130 00'],
    ['letters where a Polish IBAN has digits', 'PL61 1090 1014 0000 0712 1981 287A'],
  ])('refuses %s', async (_what, iban) => {
    const response = await new Visitor(app).post('/contact.php', { ...valid, iban });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_iban');
    const check = await app.inject({ method: 'GET', url: `/ajax/validate.php?field=bank_account&value=${encodeURIComponent(iban)}` });
    expect(check.json()).toEqual({ errno: 3, message: 'bank_account' });
  });
});


const jpeg = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#c8102e' } }).jpeg({ quality: 60 }).toBuffer();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** Issue 23, point 7: the files of the contact form reach the shop, are checked again by the page's rules and kept with the message. */
describe("the owner's mail carries the shop's type of a file, never the declared one (issue 35, point 2)", () => {
  it('a PDF declared otherwise is mailed as application/pdf, a text as application/octet-stream', async () => {
    const sent: Mail[] = [];
    const mailer: Mailer = { from: 'shop@example.it', owner: 'titolare@example.it', send: async (mail) => void sent.push(mail), close: () => undefined };
    const mailing = await startTestShop(40, { mailer });
    try {
      const response = await mailing.app.inject({
        method: 'POST',
        url: '/contact.php',
        ...multipart(valid, [
          { field: 'attachment', name: 'libretto.pdf', type: 'application/x-unknown; name="x.html"', bytes: PDF },
          { field: 'opinion_photo', name: 'pinza.jpg', type: 'image/jpeg; q=1', bytes: await jpeg(20, 20) },
        ]),
      });
      expect(response.statusCode).toBe(200);
      const text = await mailing.app.inject({ method: 'POST', url: '/contact.php', ...multipart(valid, [{ field: 'attachment', name: 'note.txt', type: 'text/plain; charset=utf-8', bytes: Buffer.from('una nota') }]) });
      expect(text.statusCode).toBe(200);
      expect(sent.map((mail) => mail.attachments?.map((file) => file.contentType))).toEqual([['application/pdf', 'image/jpeg'], ['application/octet-stream']]);
    } finally {
      await mailing.close();
    }
  });
});

describe('POST /contact.php with files (multipart)', () => {
  const send = (body: ReturnType<typeof multipart>) => app.inject({ method: 'POST', url: '/contact.php', ...body });
  const attachments = async () => (await shop.one<{ n: number }>('SELECT COUNT(*) AS n FROM contact_attachments')).n;

  it('stores a document and a photo with the message; the repository gives the message with its files', async () => {
    const photo = await jpeg(2048, 1536);
    const response = await send(
      multipart(valid, [
        { field: 'attachment', name: 'libretto.pdf', type: 'application/pdf', bytes: PDF },
        { field: 'opinion_photo', name: 'pinza.jpg', type: 'image/jpeg', bytes: photo },
      ]),
    );
    expect(response.statusCode).toBe(200);
    const answer = response.json() as ContactMessageResponse;
    expect(answer.attachments).toEqual([
      { field: 'attachment', name: 'libretto.pdf', size: PDF.length },
      { field: 'opinion_photo', name: 'pinza.jpg', size: photo.length },
    ]);
    const stored = await shop.repository.contactMessage(answer.id);
    expect(stored).toMatchObject({ id: answer.id, name: valid.name, contact: valid.contact, subject: 'product', iban: null, message: valid.message });
    expect(stored!.attachments.map(({ field, fileName, mimeType, size }) => ({ field, fileName, mimeType, size }))).toEqual([
      { field: 'attachment', fileName: 'libretto.pdf', mimeType: 'application/pdf', size: PDF.length },
      { field: 'opinion_photo', fileName: 'pinza.jpg', mimeType: 'image/jpeg', size: photo.length },
    ]);
    expect(Buffer.compare(stored!.attachments[0].content, PDF)).toBe(0);
    expect(Buffer.compare(stored!.attachments[1].content, photo)).toBe(0);
    expect(await shop.repository.contactMessage(answer.id + 1000)).toBeNull();
  });

  it('takes a multipart message without files, and a file field left empty', async () => {
    const response = await send(multipart(valid, [{ field: 'attachment', name: '', type: 'application/octet-stream', bytes: Buffer.alloc(0) }]));
    expect(response.statusCode).toBe(200);
    const answer = response.json() as ContactMessageResponse;
    expect(answer.attachments).toEqual([]);
    expect((await shop.repository.contactMessage(answer.id))!.attachments).toEqual([]);
  });

  it.each([
    ['a program renamed .pdf (by content: MZ)', 'attachment', 'fattura.pdf', 'application/pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]), 'attachment_type_not_allowed'],
    ['a Linux program renamed .jpg (ELF)', 'attachment', 'foto.jpg', 'image/jpeg', Buffer.from('\x7fELF\x02\x01\x01', 'latin1'), 'attachment_type_not_allowed'],
    ['PHP in a .jpg', 'attachment', 'x.jpg', 'image/jpeg', Buffer.from('<?php system($_GET[1]); ?>'), 'attachment_type_not_allowed'],
    ['an HTML page renamed .txt', 'attachment', 'note.txt', 'text/plain', Buffer.from('<!DOCTYPE html><script>alert(1)</script>'), 'attachment_type_not_allowed'],
    ['an .exe by its name', 'attachment', 'setup.exe', 'application/octet-stream', Buffer.from('hello'), 'attachment_type_not_allowed'],
    ['a document over 5 MB', 'attachment', 'libretto.pdf', 'application/pdf', Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]), 'attachment_too_big'],
    ['a .png as opinion_photo', 'opinion_photo', 'pinza.png', 'image/png', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 'attachment_jpg_only'],
    ['a text calling itself .jpg as opinion_photo', 'opinion_photo', 'pinza.jpg', 'image/jpeg', Buffer.from('not a picture at all'), 'attachment_jpg_only'],
    // Issue 35, point 2: the declared type by its essence, the name after trailing dots, markup wherever it starts.
    ['a .txt declared text/html with parameters', 'attachment', 'note.txt', 'text/html;charset=utf-8', Buffer.from('ciao <b>a tutti</b>'), 'attachment_type_not_allowed'],
    ['a script in a .txt after some text', 'attachment', 'note.txt', 'text/plain', Buffer.from('Buongiorno,\nin allegato.\n<script>alert(document.cookie)</script>'), 'attachment_type_not_allowed'],
    ['an .xhtml page', 'attachment', 'invoice.xhtml', 'application/octet-stream', Buffer.from('fattura n. 12'), 'attachment_type_not_allowed'],
    ['a page declared application/xhtml+xml', 'attachment', 'invoice.dat', 'application/xhtml+xml', Buffer.from('fattura n. 12'), 'attachment_type_not_allowed'],
    ['an .hta application', 'attachment', 'fattura.hta', 'application/octet-stream', Buffer.from('fattura n. 12'), 'attachment_type_not_allowed'],
    ['an SVG with onload behind a comment, named .svg. and declared image/png', 'attachment', 'pic.svg.', 'image/png', Buffer.from('<!-- a picture --><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'attachment_type_not_allowed'],
    ['a batch file named run.bat.', 'attachment', 'run.bat.', 'application/octet-stream', Buffer.from('del /q C:\\'), 'attachment_type_not_allowed'],
    ['an XHTML script under a namespace prefix', 'attachment', 'data.dat', 'application/octet-stream', Buffer.from('<?xml version="1.0"?><a:script xmlns:a="http://www.w3.org/1999/xhtml">alert(1)</a:script>'), 'attachment_type_not_allowed'],
    ['a NUL in the file name', 'attachment', 'libretto\u0000.pdf', 'application/pdf', PDF, 'invalid_attachment_name'],
    ['an ESC in the declared type', 'attachment', 'libretto.pdf', 'application/pdf\u001b[31m', PDF, 'invalid_attachment_name'],
  ])('refuses %s (400) and stores nothing', async (_what, field, name, type, bytes, code) => {
    const [messagesBefore, filesBefore] = [await messages(), await attachments()];
    const response = await send(multipart(valid, [{ field, name, type, bytes }]));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code, message: expect.any(String) } });
    expect([await messages(), await attachments()]).toEqual([messagesBefore, filesBefore]);
  });

  it('refuses a photo over 2048x1536 px, read from its JPEG header', async () => {
    for (const [width, height] of [[2049, 1536], [2048, 1537]]) {
      const response = await send(multipart(valid, [{ field: 'opinion_photo', name: 'disco.jpg', type: 'image/jpeg', bytes: await jpeg(width, height) }]));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('attachment_photo_too_large');
    }
  });

  it('refuses a file in another field, a field given twice, a file as text, a form error, and keeps the body limit', async () => {
    const before = await messages();
    const other = await send(multipart(valid, [{ field: 'cv', name: 'cv.pdf', type: 'application/pdf', bytes: PDF }]));
    expect([other.statusCode, other.json().error.code]).toEqual([400, 'unknown_file_field']);
    const twice = await send(
      multipart(valid, [
        { field: 'attachment', name: 'a.pdf', type: 'application/pdf', bytes: PDF },
        { field: 'attachment', name: 'b.pdf', type: 'application/pdf', bytes: PDF },
      ]),
    );
    expect([twice.statusCode, twice.json().error.code]).toEqual([400, 'invalid_parameter']);
    const asText = await new Visitor(app).post('/contact.php', { ...valid, attachment: 'data:image/jpeg;base64,AAAA' });
    expect([asText.statusCode, asText.json().error.code]).toEqual([400, 'attachment_not_a_file']);
    const badForm = await send(multipart({ ...valid, name: '' }, [{ field: 'attachment', name: 'a.pdf', type: 'application/pdf', bytes: PDF }]));
    expect([badForm.statusCode, badForm.json().error.code]).toEqual([400, 'missing_name']);
    // Two files of 5 MB and the text fit; more is a 413 before anything is parsed.
    const tooBig = await send(multipart(valid, [{ field: 'attachment', name: 'a.pdf', type: 'application/pdf', bytes: Buffer.alloc(11 * 1024 * 1024, 0x41) }]));
    expect(tooBig.statusCode).toBe(413);
    const broken = await app.inject({ method: 'POST', url: '/contact.php', headers: { 'content-type': 'multipart/form-data; boundary=xyz' }, payload: 'garbage' });
    expect([broken.statusCode, broken.json().error.code]).toEqual([400, 'invalid_multipart']);
    expect(await messages()).toBe(before);
  });

  it('a form-encoded (text only) message keeps its 32 KB limit; other routes refuse multipart unread (415)', async () => {
    const long = await app.inject({
      method: 'POST',
      url: '/contact.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `${new URLSearchParams(valid).toString()}&pad=${'x'.repeat(40 * 1024)}`,
    });
    expect(long.statusCode).toBe(413);
    const elsewhere = await app.inject({ method: 'POST', url: '/ajax/notify.php', ...multipart({ product: '1' }, []) });
    expect([elsewhere.statusCode, elsewhere.json().error.code]).toEqual([415, 'multipart_not_accepted']);
  });
});
