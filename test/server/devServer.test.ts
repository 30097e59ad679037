/**
 * `npm run dev` as the README's QA section uses it, and as a developer saves (issue 33, point 5): the development build and the server with
 * the test hooks on; a fault set once (`{"times":1}`) must land on the next request, whichever it
 * is, and only on it — the dev server runs one process, so no other process can take the request.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './serverProcess';
import { endGroup, trackGroup } from '../support/processGroups';
import { describeWhen } from '../support/skips';

jest.setTimeout(240_000);

const ROOT = join(__dirname, '..', '..');
// The dev server is one and the same on either backend: run it once, with the SQLite suite.
const describeDev = describeWhen(process.env.SHOP_TEST_BACKEND !== 'postgres', 'the dev server is the same on either backend: run once, in the SQLite project');


describeDev('npm run dev with the test hooks', () => {
  it('runs one server process and says so; a fault set with times 1 fails exactly the next request', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-dev-'));
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, DEV_STATIC_DIR: join(dir, 'dev'), CATALOGUE_SIZE: '300', SHOP_TEST_HOOKS: '1', LOG_LEVEL: 'silent' };
    delete env.NODE_OPTIONS;
    delete env.WORKERS;
    // A group of its own (dev.mjs, webpack, the server it restarts), ended together.
    const child = spawn(process.execPath, ['scripts/dev.mjs'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    trackGroup(child);
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const base = `http://127.0.0.1:${port}`;
    try {
      // Ready when it answers (the test's timeout bounds it, no deadline of its own to lose).
      for (;;) {
        if (child.exitCode !== null) throw new Error(`npm run dev exited: ${output}`);
        try {
          if ((await fetch(`${base}/readyz`)).ok) break;
        } catch {
          /* not listening yet */
        }
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      expect(output).toContain('[dev] one server process (WORKERS=1)');

      // The README's example, as written.
      const set = await fetch(`${base}/__test/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ path: '/ajax/basket.php', mode: 'fail', times: 1 }),
      });
      expect(set.status).toBeLessThan(300);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await fetch(`${base}/ajax/basket.php?getAjax=true`)).status);
      expect(statuses).toEqual([500, 200, 200, 200, 200, 200]);

      // Issue 33, point 5: a save restarts the server beside the old one. No request meets a
      // refused connection meanwhile, and an open page hears "reload" once the new one answers.
      const events = await fetch(`${base}/__dev/events`);
      expect(events.headers.get('content-type')).toBe('text/event-stream');
      const reader = events.body!.getReader();
      const reload = (async () => {
        let heard = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return heard;
          heard += Buffer.from(value).toString();
          if (heard.includes('event: reload')) return heard;
        }
      })();
      const answers: Array<number | string> = [];
      let polling = true;
      const poll = (async () => {
        while (polling) {
          answers.push(await fetch(`${base}/main.php`).then((answer) => answer.status, (error: Error) => String((error.cause as Error | undefined)?.message ?? error)));
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      const saved = join(ROOT, 'server', `.dev-save-${process.pid}.txt`);
      try {
        writeFileSync(saved, 'a save in server/');
        expect(await reload).toContain('event: reload');
      } finally {
        polling = false;
        await poll;
        rmSync(saved, { force: true });
      }
      await reader.cancel();
      expect(output).toContain('server restarted');
      expect(answers.length).toBeGreaterThan(5);
      expect(answers.filter((status) => status !== 200)).toEqual([]);
      // The development build's pages listen for it (src/app/devReload.ts, a chunk of its own).
      expect(readdirSync(join(dir, 'dev', 'assets')).some((file) => /^devReload\..*\.js$/.test(file))).toBe(true);
    } finally {
      endGroup(child);
      await exited;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
