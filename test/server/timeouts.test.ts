import { connect, type AddressInfo, type Socket } from 'node:net';
import { DEFAULT_LIMITS, serverTimeouts, TIMEOUT_CHECK_MAX_MS } from '../../server/limits';
import { startTestShop } from './helpers';

/**
 * Issue 21, point 9: timeouts as documented. Node checks the request timeout on an interval (30 s
 * unless told): the shop sets it, so a body that stalls is cut at the request timeout, not up to
 * twice that; and one address may hold only so many connections open at once.
 */
describe('the request timeout is honoured', () => {
  it('with the documented 30 s, Node checks at least every second (a stalled body is cut within a second of 30 s)', () => {
    const options = serverTimeouts(DEFAULT_LIMITS);
    expect(options.requestTimeout).toBe(30_000);
    expect(options.http.connectionsCheckingInterval).toBeLessThanOrEqual(TIMEOUT_CHECK_MAX_MS);
  });

  it('a request whose body stalls gets a 408 at the request timeout, well before twice it', async () => {
    const requestTimeoutMs = 1_500;
    const shop = await startTestShop(40, { limits: { ...DEFAULT_LIMITS, headersTimeoutMs: 1_000, requestTimeoutMs } });
    try {
      await shop.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = shop.app.server.address() as AddressInfo;
      const started = Date.now();
      const outcome = await new Promise<{ text: string; ms: number }>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => {
          // The headers arrive; the body promises 100 bytes and sends 3.
          socket.write('POST /basketchange.php?mode=1 HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\npro');
        });
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString()));
        socket.on('close', () => resolve({ text, ms: Date.now() - started }));
        socket.on('error', () => undefined);
      });
      expect(outcome.text).toMatch(/^HTTP\/1\.1 408/);
      expect(outcome.ms).toBeGreaterThanOrEqual(requestTimeoutMs - 50);
      expect(outcome.ms).toBeLessThan(requestTimeoutMs * 2);
    } finally {
      await shop.close();
    }
  });
});

describe('connections per address', () => {
  it('past the bound, a new connection from the same address is closed on arrival; the others are served, and room frees as they close', async () => {
    const shop = await startTestShop(40, { limits: { ...DEFAULT_LIMITS, connectionsPerAddress: 3 } });
    const sockets: Socket[] = [];
    try {
      await shop.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = shop.app.server.address() as AddressInfo;
      const open = () =>
        new Promise<Socket>((resolve) => {
          const socket = connect(port, '127.0.0.1', () => resolve(socket));
          socket.on('error', () => undefined);
          sockets.push(socket);
        });
      /** Sends a GET on the socket: the status line, or '' when the server closed it unanswered. */
      const ask = (socket: Socket) =>
        new Promise<string>((resolve) => {
          let text = '';
          socket.on('data', (chunk) => {
            text += chunk.toString();
            if (text.includes('\r\n\r\n')) resolve(text.split('\r\n')[0]);
          });
          socket.on('close', () => resolve(text.split('\r\n')[0]));
          socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
        });
      // Three stalled connections (half a request line each).
      const stalled = [await open(), await open(), await open()];
      for (const socket of stalled) socket.write('GET /heal');
      const fourth = await open();
      expect(await new Promise((resolve) => fourth.once('close', () => resolve('closed')))).toBe('closed');
      // One stalled connection goes: there is room again.
      stalled[0].destroy();
      await new Promise((resolve) => setImmediate(resolve));
      let status = '';
      for (let attempt = 0; attempt < 20 && !status.includes('200'); attempt++) status = await ask(await open());
      expect(status).toBe('HTTP/1.1 200 OK');
    } finally {
      for (const socket of sockets) socket.destroy();
      await shop.close();
    }
  });
});
