/**
 * `npm run replay -- SESSION.json --step` as QA uses it (README "Replaying a saga step by step"):
 * a session whose recorded answer no longer matches what the sagas do is walked event by event
 * and fails naming the first differing put.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

jest.setTimeout(120_000);
const ROOT = join(__dirname, '..', '..');
// A tool of the storefront's, the same on either backend: run once, with the SQLite suite.
const describeOnce = process.env.SHOP_TEST_BACKEND === 'postgres' ? describe.skip : describe;

describeOnce('npm run replay', () => {
  it('--step prints each event with the puts after it and the slices changed, and fails at the first put that differs', () => {
    const session = JSON.parse(readFileSync(join(ROOT, 'test', 'replay', 'sessions', 'basket-add-fails-then-succeeds.json'), 'utf8')) as {
      pages: Array<{ calls: Array<Record<string, unknown>> }>;
    };
    // The second add is refused now: the sagas go another way than the recording from there.
    const adds = session.pages[0].calls.filter((entry) => entry.fn === 'addToBasket');
    adds[1].error = adds[0].error;
    delete adds[1].result;
    const dir = mkdtempSync(join(tmpdir(), 'shop-replay-'));
    const file = join(dir, 'session.json');
    writeFileSync(file, JSON.stringify(session));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env };
      delete env.NODE_OPTIONS;
      delete env.JEST_WORKER_ID;
      const run = spawnSync(process.execPath, ['scripts/replay.mjs', file, '--step'], { cwd: ROOT, env, encoding: 'utf8' });
      const output = run.stdout + run.stderr;
      expect(run.status).toBe(1);
      expect(output).toContain('0. start');
      expect(output).toMatch(/\n\d+\. failure of addToBasket\(\{"product":11,"size":"uniw","number":1\}\)\n/);
      expect(output).toMatch(/\n {5}put \{"type":"alert\/show","payload":\{"key":"buy.addFailed"/);
      expect(output).toMatch(/\n {5}changed: [a-z, ]+\n/);
      expect(output).toMatch(/The replay differs from the recording at step \d+ \(after failure of addToBasket\(/);
      expect(output).toMatch(/recorded: .*\n\s+replayed: /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
