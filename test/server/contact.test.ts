import type { FastifyInstance } from 'fastify';
import type { ContactMessageResponse } from '../../src/api/wire';
import { startTestShop, Visitor, type TestShop } from './helpers';

let shop: TestShop;
let app: FastifyInstance;

beforeAll(async () => {
  shop = await startTestShop();
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
    expect(answer).toEqual({ status: 'ok', id: expect.any(Number) });
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
