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

describe('connections per address (issue 35, point 11)', () => {
  /** A test shop listening on a port, with helpers to open sockets to it and ask on them. */
  async function listening(limits: Partial<typeof DEFAULT_LIMITS>) {
    const shop = await startTestShop(40, { limits: { ...DEFAULT_LIMITS, ...limits } });
    const sockets: Socket[] = [];
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = shop.app.server.address() as AddressInfo;
    const open = () =>
      new Promise<Socket>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => resolve(socket));
        socket.on('error', () => undefined);
        sockets.push(socket);
      });
    /** Sends a GET on the socket (kept alive): the answer's head, or 'reset' / 'closed' when the server closed it unanswered. */
    const ask = (socket: Socket) =>
      new Promise<string>((resolve) => {
        let text = '';
        socket.on('data', (chunk) => {
          text += chunk.toString();
          if (text.includes('\r\n\r\n')) resolve(text.split('\r\n\r\n')[0]);
        });
        socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNRESET' ? 'reset' : String(error.code)));
        socket.on('close', () => resolve(text ? text.split('\r\n\r\n')[0] : 'closed'));
        socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
      });
    const close = async () => {
      for (const socket of sockets) socket.destroy();
      await shop.close();
    };
    return { open, ask, close };
  }
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('past the bound on open connections, a new one is answered 503 with Retry-After, not reset; room frees as one closes', async () => {
    const { open, ask, close } = await listening({ connectionsPerAddress: 3 });
    try {
      // Three kept-alive connections that have been served (a crawler's pool).
      const pool = [await open(), await open(), await open()];
      for (const socket of pool) expect(await ask(socket)).toMatch(/^HTTP\/1\.1 200/);
      const fourth = await ask(await open());
      expect(fourth).toMatch(/^HTTP\/1\.1 503/);
      expect(fourth).toMatch(/\r\nRetry-After: \d+/i);
      // The pool is still served, and once one of it goes a new connection is.
      expect(await ask(pool[1])).toMatch(/^HTTP\/1\.1 200/);
      pool[0].destroy();
      let status = '';
      for (let attempt = 0; attempt < 40 && !status.startsWith('HTTP/1.1 200'); attempt++) {
        status = await ask(await open());
        if (!status.startsWith('HTTP/1.1 200')) await pause(50);
      }
      expect(status).toMatch(/^HTTP\/1\.1 200/);
    } finally {
      await close();
    }
  });

  it('connections that have not sent their headers are bounded apart (slow-loris): over the bound a new one gets 503 with Retry-After; served connections do not count', async () => {
    const { open, ask, close } = await listening({ connectionsPerAddress: 100, headerlessPerAddress: 2 });
    try {
      // Many served connections held open do not count against the headerless bound.
      const served = await Promise.all(Array.from({ length: 6 }, () => open()));
      for (const socket of served) expect(await ask(socket)).toMatch(/^HTTP\/1\.1 200/);
      // Two stalled connections (half a request line each): once past the grace they count.
      const stalled = [await open(), await open()];
      for (const socket of stalled) socket.write('GET /heal');
      let answer = '';
      for (let attempt = 0; attempt < 100 && !answer.startsWith('HTTP/1.1 503'); attempt++) {
        answer = await ask(await open());
        if (!answer.startsWith('HTTP/1.1 503')) await pause(100);
      }
      expect(answer).toMatch(/^HTTP\/1\.1 503/);
      expect(answer).toMatch(/\r\nRetry-After: \d+/i);
      // The served ones are still served; one stalled connection goes: there is room again.
      expect(await ask(served[0])).toMatch(/^HTTP\/1\.1 200/);
      stalled[0].destroy();
      let status = '';
      for (let attempt = 0; attempt < 40 && !status.startsWith('HTTP/1.1 200'); attempt++) {
        status = await ask(await open());
        if (!status.startsWith('HTTP/1.1 200')) await pause(50);
      }
      expect(status).toMatch(/^HTTP\/1\.1 200/);
    } finally {
      await close();
    }
  });
});
