import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { DEFAULT_LIMITS, type ShopLimits } from '../../server/limits';
import { multipart, startTestShop, type TestShop } from './helpers';

/**
 * Issue 35, point 1: uploads are bounded before their body is read. A client over its budget
 * is answered at once (not after its 10 MB arrived); uploads at once are capped per client and
 * per process (503 with Retry-After, the connection closed); a file being received lives on
 * disk, not in the process's memory. (The memory of one process through a flood of 100 held
 * 10 MB uploads is measured by scripts/bench/uploadFlood.ts.)
 */
const FIELDS = { name: 'Mario Rossi', contact: 'mario.rossi@example.it', subject: 'product', message: 'Il libretto della mia auto, in allegato.', terms: '1' };
const TEN_MB = 10 * 1024 * 1024;
const BOUNDARY = '----floodBoundary';
const PREFIX = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nMario\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachment"; filename="libretto.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
);

jest.setTimeout(30_000);

let shop: TestShop;
let port: number;
let uploadDir = '';
const sockets: Socket[] = [];

async function start(limits: Partial<ShopLimits>, trustProxy: false | string[] = false) {
  uploadDir = mkdtempSync(join(tmpdir(), 'shop-uploads-test-'));
  process.env.UPLOAD_DIR = uploadDir;
  shop = await startTestShop(40, { limits: { ...DEFAULT_LIMITS, ...limits }, trustProxy });
  delete process.env.UPLOAD_DIR;
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  port = (shop.app.server.address() as AddressInfo).port;
}

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await shop?.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

interface Held {
  socket: Socket;
  /** The answer's head (status line and headers), or '' when the socket closed unanswered. */
  answer: Promise<string>;
  /** Whether the server closed the connection. */
  closed: Promise<true>;
}

/** A POST to /contact.php declaring a 10 MB multipart body, of which only `sent` bytes are sent (held open). */
function heldUpload(sent: number, headers: Record<string, string> = {}): Promise<Held> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      const extra = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
      socket.write(`POST /contact.php HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${TEN_MB}\r\n${extra}\r\n`);
      if (sent > 0) socket.write(Buffer.concat([PREFIX, Buffer.alloc(Math.max(0, sent - PREFIX.length), 0x41)]));
      resolve({ socket, answer, closed });
    });
    sockets.push(socket);
    socket.on('error', () => undefined);
    let text = '';
    const answer = new Promise<string>((done) => {
      socket.on('data', (chunk) => {
        text += chunk.toString('latin1');
        if (text.includes('\r\n\r\n')) done(text.slice(0, text.indexOf('\r\n\r\n')));
      });
      socket.on('close', () => done(text));
    });
    const closed = new Promise<true>((done) => socket.on('close', () => done(true)));
  });
}

/** Whether the promise settles before the server could plausibly have read 10 MB from a client that never sends them (a guard, not a timing). */
const settlesOrNull = <T,>(promise: Promise<T>, ms = 10_000) => Promise.race([promise, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms).unref())]);

const status = (head: string | null) => head?.split('\r\n')[0] ?? 'no answer';
const header = (head: string | null, name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head ?? '')?.[1];

/** The bytes of files being received, in the upload directory. */
function bytesOnDisk(): number {
  let total = 0;
  for (const dir of readdirSync(uploadDir)) for (const file of readdirSync(join(uploadDir, dir))) total += statSync(join(uploadDir, dir, file)).size;
  return total;
}

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  return check();
};

describe('uploads are bounded before their body is read', () => {
  it('a client over its message budget is answered 429 with Retry-After at once, its 10 MB never read, and the connection is closed', async () => {
    await start({ messagesPerAddress: 1 });
    const first = await shop.app.inject({ method: 'POST', url: '/contact.php', ...multipart(FIELDS, []) });
    expect(first.statusCode).toBe(200);
    const over = await heldUpload(0);
    const head = await settlesOrNull(over.answer);
    expect(status(head)).toBe('HTTP/1.1 429 Too Many Requests');
    expect(Number(header(head, 'Retry-After'))).toBeGreaterThan(0);
    expect(await settlesOrNull(over.closed)).toBe(true);
  });

  it('a declared body over the limit is a 413 before any of it is sent', async () => {
    await start({});
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    const head = await settlesOrNull(
      new Promise<string>((resolve) => {
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString()) && text.includes('\r\n\r\n') && resolve(text));
        socket.on('close', () => resolve(text));
        socket.write(`POST /contact.php HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${200 * 1024 * 1024}\r\n\r\n`);
      }),
    );
    expect(status(head)).toBe('HTTP/1.1 413 Payload Too Large');
  });

  it('past two uploads at once from one client, the next is answered 503 with Retry-After before its body; another client is still served', async () => {
    await start({ uploadsPerAddress: 2 }, ['loopback']);
    const mine = { 'X-Forwarded-For': '203.0.113.7' };
    const held = [await heldUpload(64 * 1024, mine), await heldUpload(64 * 1024, mine)];
    await waitFor(() => readdirSync(uploadDir).length >= 2);
    const third = await heldUpload(0, mine);
    const head = await settlesOrNull(third.answer);
    expect(status(head)).toBe('HTTP/1.1 503 Service Unavailable');
    expect(Number(header(head, 'Retry-After'))).toBeGreaterThan(0);
    expect(await settlesOrNull(third.closed)).toBe(true);
    // Another client's upload goes through whole.
    const other = await shop.app.inject({ method: 'POST', url: '/contact.php', headers: { ...multipart(FIELDS, []).headers, 'x-forwarded-for': '198.51.100.9' }, payload: multipart(FIELDS, []).payload, remoteAddress: '127.0.0.1' });
    expect(other.statusCode).toBe(200);
    // One held upload goes: the client has room again.
    held[0].socket.destroy();
    let again = 'no answer';
    for (let attempt = 0; attempt < 40 && again !== 'HTTP/1.1 200 OK'; attempt++) {
      const body = multipart(FIELDS, []);
      const response = await shop.app.inject({ method: 'POST', url: '/contact.php', headers: { ...body.headers, 'x-forwarded-for': '203.0.113.7' }, payload: body.payload, remoteAddress: '127.0.0.1' });
      again = response.statusCode === 200 ? 'HTTP/1.1 200 OK' : String(response.statusCode);
      if (again !== 'HTTP/1.1 200 OK') await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(again).toBe('HTTP/1.1 200 OK');
  });

  it('past the process cap, an upload from any client is answered 503 with Retry-After before its body', async () => {
    await start({ uploadsPerProcess: 3 }, ['loopback']);
    for (let i = 1; i <= 3; i++) await heldUpload(64 * 1024, { 'X-Forwarded-For': `203.0.113.${i}` });
    await waitFor(() => readdirSync(uploadDir).length >= 3);
    const fourth = await heldUpload(0, { 'X-Forwarded-For': '203.0.113.99' });
    const head = await settlesOrNull(fourth.answer);
    expect(status(head)).toBe('HTTP/1.1 503 Service Unavailable');
    expect(header(head, 'Retry-After')).toBeDefined();
  });

  it('a file being received is written to disk as it arrives (not held in memory), and removed when the client goes', async () => {
    await start({});
    const held = await heldUpload(3 * 1024 * 1024);
    expect(await waitFor(() => bytesOnDisk() >= 3 * 1024 * 1024 - 64 * 1024)).toBe(true);
    const onDisk = bytesOnDisk();
    held.socket.destroy();
    expect(await waitFor(() => readdirSync(uploadDir).length === 0)).toBe(true);
    expect(onDisk).toBeLessThanOrEqual(3 * 1024 * 1024);
  });
});
