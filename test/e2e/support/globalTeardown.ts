import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname } from 'node:path';
import { cleanupRun } from '../../../scripts/test-cleanup.cjs';

/**
 * Passed or failed: the process groups the browser tests started and left running are ended,
 * and the workers' temporary databases (playwright.config.ts) removed.
 */
export default async function globalTeardown(): Promise<void> {
  await cleanupRun(process.env.SHOP_TEST_RUN);
  const root = process.env.E2E_DATA_ROOT;
  if (root && dirname(root) === tmpdir() && basename(root).startsWith('shop-e2e-')) rmSync(root, { recursive: true, force: true });
}
