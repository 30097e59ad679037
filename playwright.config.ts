import { defineConfig } from '@playwright/test';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Browser tests: Debian's Chromium (never a downloaded browser) against the reference
 * backend, at phone (375 px) and desktop (1280 px). Each worker has a server of its own on a
 * fresh temporary database (port E2E_PORT + 10 x its index; the faults a test injects and the
 * catalogue a test imports reach its own worker's server only), so the files run two at a time.
 */
const basePort = Number(process.env.E2E_BASE_PORT || process.env.E2E_PORT || 8181);
process.env.E2E_BASE_PORT = String(basePort);
const workers = Number(process.env.E2E_WORKERS || 2);
const dataRoot = process.env.E2E_DATA_ROOT || mkdtempSync(join(tmpdir(), 'shop-e2e-'));
process.env.E2E_DATA_ROOT = dataRoot; // workers re-read this config: one set of databases per run
const serverOf = (index: number) => ({ port: basePort + 10 * index, dataDir: join(dataRoot, `w${index}`) });
// In a worker (Playwright numbers them from 0 in TEST_PARALLEL_INDEX): its own server, which the
// specs that need the address or the database read from E2E_PORT and E2E_DATA_DIR.
const own = serverOf(Number(process.env.TEST_PARALLEL_INDEX || 0));
const port = own.port;
process.env.E2E_PORT = String(own.port);
process.env.E2E_DATA_DIR = own.dataDir;
for (let index = 0; index < workers; index += 1) mkdirSync(serverOf(index).dataDir, { recursive: true });

/**
 * Specs that one width proves, run once at desktop width (the `tools` project): tools a shopper
 * never sees (the recorder, the inspector, the flow diagrams) and the HTML checker (it fetches
 * every page with a phone's and a computer's user agent itself).
 */
const ONE_WIDTH = /(recordReplay|inspectorNotice|diagrams|htmlChecker)\.spec\.ts$/;

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/artifacts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers,
  globalSetup: './test/e2e/support/globalSetup.ts',
  globalTeardown: './test/e2e/support/globalTeardown.ts',
  retries: 0,
  reporter: process.env.PW_JSON_OUTPUT
    ? [['list'], ['json', { outputFile: process.env.PW_JSON_OUTPUT }]]
    : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'it-IT',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [
    { name: 'phone', testIgnore: ONE_WIDTH, use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } },
    { name: 'desktop', testIgnore: ONE_WIDTH, use: { viewport: { width: 1280, height: 800 } } },
    // Developer and QA tools a shopper never sees: one width proves them.
    { name: 'tools', testMatch: ONE_WIDTH, use: { viewport: { width: 1280, height: 800 } } },
  ],
  webServer: [...Array(workers).keys()].map((index) => ({
    command: 'node --import tsx server/main.ts',
    url: `http://127.0.0.1:${serverOf(index).port}/main.php`,
    // Ready when it answers; the budget only stops a server that never will (a busy machine is slow, not broken).
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(serverOf(index).port),
      HOST: '127.0.0.1',
      DATA_DIR: serverOf(index).dataDir,
      CATALOGUE_SIZE: process.env.E2E_CATALOGUE_SIZE || '2000',
      SHOP_TEST_HOOKS: '1',
      NODE_ENV: 'production', // pages are rendered on the server as in production
      // Every browser test comes from 127.0.0.1: the per-address budgets are raised; the
      // per-visitor ones (each test is a new visitor) stay at their production values.
      RATE_LIMIT_WRITES_PER_ADDRESS: '1000000',
      RATE_LIMIT_NEW_VISITOR_WRITES_PER_ADDRESS: '1000000',
      RATE_LIMIT_MESSAGES_PER_ADDRESS: '1000000',
      // The back office's sign-ins (issue 36): every test's owner signs in from 127.0.0.1.
      RATE_LIMIT_SIGN_INS_PER_ADDRESS: '1000000',
      // One process: the fault-injection hooks (SHOP_TEST_HOOKS) live in the process that was told.
      WORKERS: '1',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL || 'warn',
    },
  })),
});
