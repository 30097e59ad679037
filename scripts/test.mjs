#!/usr/bin/env node
// `npm test`: typecheck, lint, jest (unit + server contract), then the Playwright browser
// tests against a server on a temporary database. Every step runs even when an earlier one
// failed, so one run shows everything; the exit code is non-zero on any failure. The last line
// is `N passed, N failed` over all suites (typecheck and lint count as one check each).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { buildIfStale } from './build-if-stale.mjs';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules', '.bin', name);
const reportDir = join(root, 'test-results');
mkdirSync(reportDir, { recursive: true });

const rows = [];
function record(step, passed, failed, note = '') {
  rows.push({ step, passed, failed, note });
}
function run(command, args, env = {}) {
  console.log(`\n$ ${[command, ...args].join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return result.status ?? 1;
}
function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

// 1. Typecheck
const tscStatus = run(bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
record('typecheck', tscStatus === 0 ? 1 : 0, tscStatus === 0 ? 0 : 1);

// 2. Lint
const lintStatus = run(bin('eslint'), ['--max-warnings', '0', '.']);
record('lint', lintStatus === 0 ? 1 : 0, lintStatus === 0 ? 0 : 1);

// 3. Jest: unit + server contract
const jestReport = join(reportDir, 'jest.json');
rmSync(jestReport, { force: true });
// The server's GraphQL plugin loads an ESM-only cache with import(): jest needs vm modules for that.
const jestStatus = run(bin('jest'), ['--ci', '--maxWorkers=2', '--json', `--outputFile=${jestReport}`], { NODE_OPTIONS: '--experimental-vm-modules' });
const jest = readJson(jestReport);
if (jest) {
  const brokenSuites = jest.numRuntimeErrorTestSuites || 0;
  record('jest', jest.numPassedTests, jest.numFailedTests + brokenSuites, brokenSuites ? `${brokenSuites} suite(s) failed to run` : '');
} else {
  record('jest', 0, 1, `no report (exit ${jestStatus})`);
}

// 4. Browser tests
let browserReady = true;
try {
  ensureChromium();
} catch (error) {
  browserReady = false;
  record('e2e', 0, 1, `chromium: ${error}`);
}
if (browserReady) {
  // Both builds once, before the workers start: the production one the shop serves, and the
  // development one with the session recorder (test/e2e/recordReplay.spec.ts).
  if (!buildIfStale() || !buildIfStale({ development: true })) {
    record('e2e', 0, 1, 'storefront build failed');
  } else {
    const pwReport = join(reportDir, 'playwright.json');
    rmSync(pwReport, { force: true });
    const pwStatus = run(bin('playwright'), ['test'], { PW_JSON_OUTPUT: pwReport });
    const pw = readJson(pwReport);
    if (pw && pw.stats) {
      const { expected = 0, unexpected = 0, flaky = 0 } = pw.stats;
      const startupErrors = (pw.errors || []).length;
      record('e2e', expected + flaky, unexpected + startupErrors, flaky ? `${flaky} flaky` : '');
    } else {
      record('e2e', 0, 1, `no report (exit ${pwStatus})`);
    }
    if (pwStatus !== 0 && rows.at(-1).failed === 0) rows.at(-1).failed = 1;
  }
}

const passed = rows.reduce((sum, row) => sum + row.passed, 0);
const failed = rows.reduce((sum, row) => sum + row.failed, 0);
console.log('\nstep        passed  failed  note');
for (const row of rows) {
  console.log(`${row.step.padEnd(11)} ${String(row.passed).padStart(6)}  ${String(row.failed).padStart(6)}  ${row.note}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
