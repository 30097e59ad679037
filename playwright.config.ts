import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Browser tests: Debian's Chromium (never a downloaded browser) against the reference
 * backend started on a fresh temporary database, at phone (375 px) and desktop (1280 px).
 */
const port = Number(process.env.E2E_PORT || 8181);
const dataDir = process.env.E2E_DATA_DIR || mkdtempSync(join(tmpdir(), 'shop-e2e-'));
process.env.E2E_DATA_DIR = dataDir; // workers re-read this config: keep one database per run

/** Specs of tools, not of the shop's pages: run once, at desktop width (the `tools` project). */
const ONE_WIDTH = /recordReplay\.spec\.ts$/;

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/artifacts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
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
  webServer: {
    command: 'node --import tsx server/main.ts',
    url: `http://127.0.0.1:${port}/main.php`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CATALOGUE_SIZE: process.env.E2E_CATALOGUE_SIZE || '2000',
      SHOP_TEST_HOOKS: '1',
      NODE_ENV: 'production', // pages are rendered on the server as in production
      // Every browser test comes from 127.0.0.1: the per-address budgets are raised; the
      // per-visitor ones (each test is a new visitor) stay at their production values.
      RATE_LIMIT_WRITES_PER_ADDRESS: '1000000',
      RATE_LIMIT_MESSAGES_PER_ADDRESS: '1000000',
      // One process: the fault-injection hooks (SHOP_TEST_HOOKS) live in the process that was told.
      WORKERS: '1',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL || 'warn',
    },
  },
});
