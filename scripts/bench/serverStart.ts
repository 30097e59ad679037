/**
 * Start-up time of the server as `npm start` runs it (compiled, plain node) and as `npm run dev`
 * runs it (TypeScript through tsx): from spawn to "Shop ready", on a database made beforehand
 * (so filling it is not counted), one process (WORKERS=1), median of `runs`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer, SERVER_BUILD } from '../build-server.mjs';

const ROOT = join(__dirname, '..', '..');

function startOnce(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    let readyMs: number | undefined;
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (readyMs === undefined && output.includes('Shop ready')) {
        readyMs = Math.round(performance.now() - started);
        child.kill('SIGTERM');
      }
    });
    child.once('exit', (code) => (readyMs === undefined ? reject(new Error(`server exited with ${code} before it was ready`)) : resolve(readyMs)));
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export interface ServerStartRow {
  how: string;
  command: string;
  medianMs: number;
  runsMs: number[];
}

export async function measureServerStart(options: { port: number; catalogueSize?: number; runs?: number }): Promise<{ buildMs: number; rows: ServerStartRow[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-start-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    WORKERS: '1',
    DATA_DIR: dataDir,
    CATALOGUE_SIZE: String(options.catalogueSize ?? 10_000),
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
  };
  try {
    const buildMs = await buildServer();
    const compiled = ['--enable-source-maps', SERVER_BUILD];
    const dev = ['--import', 'tsx', 'server/main.ts'];
    await startOnce(compiled, env); // makes and fills the database
    const rows: ServerStartRow[] = [];
    for (const [how, args] of [
      ['npm start (compiled, node)', compiled],
      ['npm run dev (TypeScript through tsx)', dev],
    ] as const) {
      const runsMs: number[] = [];
      for (let i = 0; i < (options.runs ?? 3); i++) runsMs.push(await startOnce([...args], env));
      rows.push({ how, command: `node ${args.join(' ')}`, medianMs: median(runsMs), runsMs });
    }
    return { buildMs, rows };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
