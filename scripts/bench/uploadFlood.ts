/**
 * `npm run bench:uploads`: the memory of one server process through a flood of held uploads
 * (issue 35, point 1). FLOOD_UPLOADS (100) clients, each from an address of its own (the server
 * runs behind TRUST_PROXY=1 and each client names its X-Forwarded-For, so the per-client cap
 * does not turn them away), each POST /contact.php declaring a multipart body of FLOOD_MB (10)
 * MB and sending all of it but the last byte, then holding the connection open. The server's
 * resident memory (VmRSS, from /proc) is sampled throughout; its peak (VmHWM) must stay under
 * FLOOD_MAX_RSS_MB (300), or the script exits 1. Also printed: how many uploads were taken
 * (held by the server, their files on disk) and how many were refused 503 before their body.
 *
 * The server is the production one (build/server/main.cjs, built when stale; NODE_ENV=production),
 * one process (WORKERS=1) on a temporary SQLite database of 200 products.
 *
 * Env: FLOOD_PORT (8335), FLOOD_UPLOADS, FLOOD_MB, FLOOD_MAX_RSS_MB; UPLOADS_PER_PROCESS and
 * UPLOADS_PER_ADDRESS pass through to the server.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_BUILD, buildServerIfStale } from '../build-server.mjs';

const PORT = Number(process.env.FLOOD_PORT || 8335);
const UPLOADS = Number(process.env.FLOOD_UPLOADS || 100);
const MB = Number(process.env.FLOOD_MB || 10);
const MAX_RSS_MB = Number(process.env.FLOOD_MAX_RSS_MB || 300);
const BOUNDARY = '----floodBoundary';

function memoryMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** One held upload: resolves with the status line when answered ('' when never, until the end). */
function holdUpload(index: number, total: number, answers: Map<number, string>, sockets: Socket[], resets: Set<number>): Promise<void> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nFlood ${index}\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachment"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
  );
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  return new Promise((resolve) => {
    const socket = connect(PORT, '127.0.0.1');
    sockets.push(socket);
    socket.on('error', () => (resets.add(index), resolve()));
    socket.on('close', () => resolve());
    socket.on('data', (data) => {
      if (!answers.has(index)) answers.set(index, data.toString('latin1').split('\r\n')[0]);
    });
    socket.on('connect', async () => {
      socket.write(
        `POST /contact.php HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-For: 10.${(index >> 8) & 255}.${index & 255}.1\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${total}\r\n\r\n`,
      );
      socket.write(head);
      let sent = head.length;
      // All but the last byte, at the pace the server reads it.
      while (sent < total - 1 && !socket.destroyed) {
        const piece = chunk.subarray(0, Math.min(chunk.length, total - 1 - sent));
        sent += piece.length;
        if (!socket.write(piece)) await new Promise((done) => socket.once('drain', done).once('close', done));
      }
      resolve();
    });
  });
}

/** The production server, one process, on a temporary database. */
async function startServer(): Promise<{ pid: number; stop(): Promise<void> }> {
  if (!(await buildServerIfStale())) throw new Error('the server build failed');
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-flood-'));
  const child = spawn(process.execPath, [SERVER_BUILD], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, CATALOGUE_SIZE: '200', WORKERS: '1', TRUST_PROXY: '1', LOG_LEVEL: 'warn' },
  });
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${PORT}/healthz`).then((response) => response.ok, () => false);
    if (up) break;
    if (attempt > 600) throw new Error('the server did not start in time');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // Let start-up work (photos drawn in the background) settle before measuring.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  return {
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<void> {
  const shop = await startServer();
  const sockets: Socket[] = [];
  try {
    const before = memoryMb(shop.pid);
    let highest = before.rss;
    const sampler = setInterval(() => (highest = Math.max(highest, memoryMb(shop.pid).rss)), 50);
    const answers = new Map<number, string>();
    const resets = new Set<number>();
    const started = Date.now();
    await Promise.all(Array.from({ length: UPLOADS }, (_, i) => holdUpload(i, MB * 1024 * 1024, answers, sockets, resets)));
    // Held one byte short: let the server settle with them open.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    clearInterval(sampler);
    const after = memoryMb(shop.pid);
    const refused = [...answers.values()].filter((line) => line.includes(' 503 ')).length;
    const held = sockets.filter((socket) => !socket.destroyed).length;
    const cut = [...resets].filter((index) => !answers.has(index)).length;
    console.log(`Upload flood: ${UPLOADS} uploads of ${MB} MB held one byte short, ${((Date.now() - started) / 1000).toFixed(1)} s`);
    console.log(`  taken and held by the server: ${held}; refused 503 before their body: ${refused}; other answers: ${answers.size - refused}; closed while still sending (the 503 lost to the client's own unsent body): ${cut}`);
    console.log(`  server RSS: ${before.rss.toFixed(0)} MB before, ${highest.toFixed(0)} MB highest sampled, ${after.rss.toFixed(0)} MB with the uploads held; peak (VmHWM) ${after.peak.toFixed(0)} MB; limit ${MAX_RSS_MB} MB`);
    if (after.peak >= MAX_RSS_MB) {
      console.error(`FAIL: the server's memory reached ${after.peak.toFixed(0)} MB (limit ${MAX_RSS_MB} MB)`);
      process.exitCode = 1;
    }
  } finally {
    for (const socket of sockets) socket.destroy();
    await shop.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
