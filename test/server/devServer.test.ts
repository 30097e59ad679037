/**
 * `npm run dev` as the README's QA section uses it: the development build and the server with
 * the test hooks on; a fault set once (`{"times":1}`) must land on the next request, whichever it
 * is, and only on it — the dev server runs one process, so no other process can take the request.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
    } finally {
      endGroup(child);
      await exited;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
