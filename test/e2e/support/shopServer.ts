import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { trackGroup } from '../../support/processGroups';

const ROOT = join(__dirname, '..', '..', '..');

/** A shop server a browser test started itself (the recorder's development build, say). */
export interface ShopServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts `server/main.ts` on `port` over a fresh temporary database, in its own process group
 * (stopped with it, and by the run's global teardown if the run is killed), and waits until it
 * answers: readiness, not a deadline (a busy machine takes longer; a server that exits fails at once).
 */
export async function startShopServer(port: number, env: NodeJS.ProcessEnv = {}): Promise<ShopServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-own-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CATALOGUE_SIZE: process.env.E2E_CATALOGUE_SIZE || '2000',
      SHOP_TEST_HOOKS: '1',
      WORKERS: '1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_WRITES_PER_ADDRESS: '1000000',
      RATE_LIMIT_MESSAGES_PER_ADDRESS: '1000000',
      ...env,
    },
  });
  trackGroup(child);
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        /* already gone */
      }
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`the shop server on port ${port} stopped before it answered: ${errors}`);
    }
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, stop };
}
