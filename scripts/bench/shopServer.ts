import { UNTHROTTLED_ENV } from '../../server/limits';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningShop {
  baseUrl: string;
  /** The temporary DATA_DIR (shop.sqlite), removed by stop(). */
  dataDir: string;
  /** The server's process id (the cluster's primary when WORKERS > 1). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts the reference backend as a child process on a temporary database: `workers` server
 * processes on the one port (WORKERS, default 1); DATABASE_URL, when set, passes through.
 * BENCH_NODE_ARGS: more arguments for the server's Node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
 * to profile it under the bench's load; NODE_OPTIONS refuses --cpu-prof).
 */
function nodeArgs(): string[] {
  return (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
}

export async function startShop(options: { port: number; catalogueSize?: number; workers?: number; env?: Record<string, string> }): Promise<RunningShop> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-'));
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs(), '--import', 'tsx', 'server/main.ts'], {
    cwd: join(__dirname, '..', '..'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CATALOGUE_SIZE: String(options.catalogueSize ?? 10_000),
      // Benchmarks play many shoppers from one address at machine speed: no rate limits.
      ...UNTHROTTLED_ENV,
      WORKERS: String(options.workers ?? 1),
      LOG_LEVEL: process.env.LOG_LEVEL || 'info',
      ...options.env,
    },
  });
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`shop server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/ajax/basket.php?getAjax=true`);
      if (response.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('shop server did not start in time');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    dataDir,
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
