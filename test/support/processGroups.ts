import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';

/**
 * The process groups a test run started (servers, the dev server, varnishd), registered so the
 * run's global teardown, or the next run if this one was killed, ends them
 * (scripts/test-cleanup.mjs). Spawn with `detached: true` (a group of its own: the server and
 * the workers it forks end together), then `trackGroup(child)`.
 */
const DIR = join(__dirname, '..', '..', 'test-results', 'processes');

function entry(pid: number): string | null {
  const run = process.env.SHOP_TEST_RUN;
  return run ? join(DIR, `${run}-${pid}`) : null;
}

export function trackGroup(child: ChildProcess): void {
  const file = child.pid ? entry(child.pid) : null;
  if (!file) return;
  mkdirSync(DIR, { recursive: true });
  writeFileSync(file, '');
  child.once('exit', () => rmSync(file, { force: true }));
}

/** Ends a tracked child's whole group (the server and its workers). */
export function endGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): void {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}
