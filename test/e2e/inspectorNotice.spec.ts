import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { endGroup, trackGroup } from '../support/processGroups';

/**
 * `?inspect` on a development build (`npm run dev`, which carries the inspector) in a browser
 * whose pop-up blocker refuses the inspector's window: the page says so, the console says so,
 * and the flows' events are kept locally. The browser tests' own server runs a production
 * build (no inspector), so this test starts `npm run dev` on a port of its own.
 */
const port = Number(process.env.E2E_PORT || 8181) + 7;
const base = `http://127.0.0.1:${port}`;
let dev: ChildProcess | undefined;
let dir = '';

test.describe('?inspect when the pop-up is blocked (development build)', () => {
  test.setTimeout(240_000);

  test.beforeAll(async () => {
    // A budget for webpack's development build and the server on a busy machine; readiness decides.
    test.setTimeout(600_000);
    dir = mkdtempSync(join(tmpdir(), 'shop-inspect-'));
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, DEV_STATIC_DIR: join(dir, 'dev'), CATALOGUE_SIZE: '300', LOG_LEVEL: 'silent' };
    delete env.WORKERS;
    // A process group of its own (dev.mjs, webpack, the server), ended by the run's teardown if this file is not.
    dev = spawn(process.execPath, ['scripts/dev.mjs'], { cwd: join(__dirname, '..', '..'), env, stdio: 'ignore', detached: true });
    trackGroup(dev);
    for (;;) {
      if (dev.exitCode !== null) throw new Error('npm run dev stopped before it answered');
      try {
        if ((await fetch(`${base}/readyz`)).ok) break;
      } catch {
        /* not listening yet */
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  });

  test.afterAll(async () => {
    if (!dev) return;
    const exited = new Promise((resolve) => dev!.once('exit', resolve));
    endGroup(dev);
    await exited;
    rmSync(dir, { recursive: true, force: true });
  });

  test('the page and the console say the inspector could not open; the events are kept here', async ({ page }) => {
    // What a pop-up blocker does: window.open answers null.
    await page.addInitScript(() => {
      window.open = () => null;
    });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto(`${base}/main.php?inspect`);
    // The development server compiles the storefront on the first request for it (a minute on a busy machine).
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 150_000 });
    const notice = page.getByRole('alert').filter({ hasText: 'Stately inspector could not open' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Allow pop-ups for this site and reload');
    expect(warnings.some((text) => text.startsWith('[inspect] The Stately inspector could not open'))).toBe(true);
    await expect.poll(() => page.evaluate(() => ((window as unknown as { __shopInspection?: unknown[] }).__shopInspection ?? []).length)).toBeGreaterThan(0);
    await page.screenshot({ path: 'test-results/screens/inspector-blocked-desktop.png' });
    await notice.getByRole('button', { name: 'Close' }).click();
    await expect(notice).toHaveCount(0);
  });
});
