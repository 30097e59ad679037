import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

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
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
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
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output}`);
    try {
      if ((!options.waitForAllWorkers || output.includes('Shop ready')) && (await fetch(`${base}/readyz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    base,
    child,
    logs,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
