import { newRunId, sweepDeadRuns } from '../../../scripts/test-cleanup.cjs';

/**
 * The browser tests' run: its id (scripts/test.mjs sets it for its whole run; alone, Playwright
 * sets its own), which names the process groups its tests start (test/support/processGroups.ts);
 * what a killed run left is ended first. The teardown ends this run's (globalTeardown.ts).
 */
export default async function globalSetup(): Promise<void> {
  if (!process.env.SHOP_TEST_RUN) process.env.SHOP_TEST_RUN = newRunId();
  await sweepDeadRuns();
}
