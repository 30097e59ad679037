/**
 * `npm run replay -- SESSION.json --step` as QA uses it (docs/qa.md, "Replaying a saga step by
 * step"): it stops at each step until a key, showing the step's event, the sagas' puts and how the
 * store changed; a session whose recorded answer no longer matches what the sagas do is walked
 * event by event and fails naming the first differing put.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeWhen } from '../support/skips';

jest.setTimeout(120_000);
const ROOT = join(__dirname, '..', '..');
// A tool of the storefront's, the same on either backend: run once, with the SQLite suite.
const describeOnce = describeWhen(process.env.SHOP_TEST_BACKEND !== 'postgres', 'a tool of the storefront, the same on either backend: run once, in the SQLite project');

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

  it('--step stops at every step until a key, showing the step\'s puts and how the store changed; q stops', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.NODE_OPTIONS;
    delete env.JEST_WORKER_ID;
    const file = join(ROOT, 'test', 'replay', 'sessions', 'basket-add-fails-then-succeeds.json');
    const run = spawn(process.execPath, ['scripts/replay.mjs', file, '--step'], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    const waiters: Array<() => void> = [];
    run.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      waiters.splice(0).forEach((wake) => wake());
    });
    const exited = new Promise<number | null>((done) => run.on('exit', done));
    /** Resolves once the walk waits at the given step's prompt. */
    const promptOf = (step: number) => new RegExp(`-- step ${step} of (\\d+): Enter for the next`);
    async function waitFor(pattern: RegExp) {
      while (!pattern.test(output)) {
        if (run.exitCode !== null) throw new Error(`replay ended before ${pattern}:\n${output}`);
        await new Promise<void>((wake) => waiters.push(wake));
      }
    }
    try {
      await waitFor(promptOf(0));
      // It waits at step 0: step 1 is not shown until a key.
      const steps = Number(promptOf(0).exec(output)![1]);
      expect(steps).toBeGreaterThan(5);
      expect(output).toMatch(/^0\. start$/m);
      expect(output).toMatch(/^ {5}put \{"type":"flows\/flowUpdated"/m);
      expect(output).toMatch(/^ {5}state flows\.[A-Za-z]+: \(none\) -> \{"value":/m);
      expect(output).not.toMatch(/^1\. /m);
      run.stdin.write('\n');
      await waitFor(promptOf(1));
      expect(output).toMatch(/^1\. /m);
      expect(output).not.toMatch(/^2\. /m);
      // On to the add's answer: its puts and the basket's change in the store.
      let step = 1;
      while (!/^\d+\. answer of addToBasket\(/m.test(output)) {
        run.stdin.write('\n');
        step += 1;
        await waitFor(promptOf(step));
      }
      const addStep = output.slice(output.search(/^\d+\. answer of addToBasket\(/m));
      expect(addStep).toMatch(/^ {5}put \{"type":"basket\/basketLoaded"/m);
      expect(addStep).toMatch(/^ {5}state basket\.[a-zA-Z.[\]0-9]+: .* -> /m);
      run.stdin.write('q\n');
      expect(await exited).toBe(0);
      expect(output).not.toMatch(new RegExp(`-- step ${step + 1} of`));
      expect(output.trimEnd().split('\n').at(-1)).toBe('The replay put the same actions as the recording.');
    } finally {
      run.kill();
    }
  });
});
