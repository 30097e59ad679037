import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { endGroup, trackGroup } from '../support/processGroups';

const ROOT = join(__dirname, '..', '..');

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Servers of this test file still running: ended after the file, whatever happened to its tests. */
const started = new Set<ChildProcess>();
if (typeof afterAll === 'function') {
  afterAll(async () => {
    const left = [...started].map((child) => new Promise((resolve) => child.once('exit', resolve)));
    for (const child of started) endGroup(child, 'SIGKILL');
    await Promise.all(left);
  });
}

/** The shop server as its own process (`server/main.ts`), as production runs it. */
export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** Its JSON log lines so far, parsed. */
  logs: Array<Record<string, unknown>>;
  /** What it printed (stdout and stderr, the first 20,000 characters). */
  output(): string;
  exited: Promise<number | null>;
  /** SIGTERM, then its exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts the server on a free port with `env` over this process's environment (without jest's
 * NODE_OPTIONS) and waits until /readyz answers, and with `waitForAllWorkers` until the primary
 * has said "Shop ready" (every worker listening).
 */
export async function startServerProcess(env: NodeJS.ProcessEnv, options: { waitForAllWorkers?: boolean } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env };
  delete childEnv.NODE_OPTIONS; // jest's --experimental-vm-modules is not for the server
  // A process group of its own (the primary and the workers it forks), ended together.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  trackGroup(child);
  started.add(child);
  child.once('exit', () => started.delete(child));
  const logs: Array<Record<string, unknown>> = [];
  let output = '';
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    if (output.length < 20_000) output += text;
    buffered += text;
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        /* a plain line ("Shop ready ...") */
      }
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  // Ready when it says so, however long a busy machine makes that: no deadline of its own to lose
  // (the test's timeout bounds it, and whatever is still running then is ended after the file).
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output}`);
    try {
      if ((!options.waitForAllWorkers || output.includes('Shop ready')) && (await fetch(`${base}/readyz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    base,
    child,
    logs,
    output: () => output,
    exited,
    async stop() {
      endGroup(child);
      return exited;
    },
  };
}
