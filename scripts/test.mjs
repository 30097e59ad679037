#!/usr/bin/env node
// `npm test`: typecheck, lint, jest (unit + server contract), then the Playwright browser
// tests, each worker against a server of its own on a temporary database. Every step runs even
// when an earlier one failed, so one run shows everything; the exit code is non-zero on any
// failure. The closing table gives each step's time, and names every skipped test and why (a
// skip without a reason counts as a failure). The last line is `N passed, N failed` over all
// suites (typecheck and lint count as one check each).
//
// What the run starts it ends, passed, failed or interrupted (Ctrl-C, SIGTERM): its process
// groups and its PostgreSQL databases (scripts/test-cleanup.cjs); what a run killed outright
// (SIGKILL) left is ended at the start of the next one.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { buildIfStale } from './build-if-stale.mjs';

const { newRunId, cleanupRun, sweepDeadRuns } = createRequire(import.meta.url)('./test-cleanup.cjs');

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules', '.bin', name);
const reportDir = join(root, 'test-results');
mkdirSync(reportDir, { recursive: true });

const run = newRunId();
process.env.SHOP_TEST_RUN = run;
const skipsFile = join(reportDir, 'skips', `${run}.jsonl`);

const rows = [];
/** Skipped tests: [suite, what, why]. */
const skipped = [];
function record(step, passed, failed, note = '', seconds = 0) {
  rows.push({ step, passed, failed, note, seconds });
}

/** The child running now (its own process group), ended with the run if the run is interrupted. */
let current = null;
function run_(command, args, env = {}) {
  console.log(`\n$ ${[command, ...args].join(' ')}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env }, detached: true });
    current = child;
    child.on('exit', (code, signal) => {
      current = null;
      const seconds = (Date.now() - started) / 1000;
      console.log(`(${seconds.toFixed(1)} s)`);
      resolve({ status: code ?? (signal ? 1 : 0), seconds });
    });
  });
}
function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

/** A process and every process below it. */
function descendants(pid) {
  let table = [];
  try {
    table = execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map((line) => line.trim().split(/\s+/).map(Number));
  } catch {
    return [pid];
  }
  const found = [pid];
  for (let i = 0; i < found.length; i += 1) for (const [child, parent] of table) if (parent === found[i]) found.push(child);
  return found;
}

let stopping = false;
async function interrupted(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: ending the run's processes and dropping its databases...`);
  // The step's whole tree: its group, and the groups of its descendants (Playwright's web servers run in their own).
  const tree = current?.pid ? descendants(current.pid) : [];
  const signalAll = (name) => {
    for (const pid of tree) {
      for (const target of [-pid, pid]) {
        try {
          process.kill(target, name);
        } catch {
          /* gone */
        }
      }
    }
  };
  signalAll('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 2000));
  signalAll('SIGKILL');
  const done = await cleanupRun(run);
  console.log(`ended ${done.groups} process group(s), dropped ${done.databases.length} database(s)`);
  process.exit(130);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void interrupted(signal));

const left = await sweepDeadRuns();
if (left.groups || left.databases.length) console.log(`A run killed earlier had left ${left.groups} process group(s) and ${left.databases.length} database(s): ended and dropped.`);

// 1. Typecheck
const tsc = await run_(bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
record('typecheck', tsc.status === 0 ? 1 : 0, tsc.status === 0 ? 0 : 1, '', tsc.seconds);

// 2. Lint
const lint = await run_(bin('eslint'), ['--max-warnings', '0', '.']);
record('lint', lint.status === 0 ? 1 : 0, lint.status === 0 ? 0 : 1, '', lint.seconds);

// 3. Jest: unit + server contract
const jestReport = join(reportDir, 'jest.json');
rmSync(jestReport, { force: true });
// The server's GraphQL plugin loads an ESM-only cache with import(): jest needs vm modules for that.
const jestRun = await run_(bin('jest'), ['--ci', '--maxWorkers=2', '--json', `--outputFile=${jestReport}`], { NODE_OPTIONS: '--experimental-vm-modules' });
const jest = readJson(jestReport);
if (jest) {
  const brokenSuites = jest.numRuntimeErrorTestSuites || 0;
  const reasons = existsSync(skipsFile) ? readFileSync(skipsFile, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line)) : [];
  let unexplained = 0;
  for (const suite of jest.testResults ?? []) {
    const file = suite.name.startsWith(root) ? suite.name.slice(root.length) : suite.name;
    const pending = (suite.assertionResults ?? []).filter((test) => test.status === 'pending' || test.status === 'skipped' || test.status === 'todo');
    const byDescribe = new Map();
    for (const test of pending) {
      const key = test.ancestorTitles[0] ?? test.title;
      byDescribe.set(key, (byDescribe.get(key) ?? 0) + 1);
    }
    for (const [name, count] of byDescribe) {
      const reason = reasons.find((one) => one.file === file && one.describe === name)?.reason;
      if (!reason) unexplained += count;
      skipped.push(['jest', `${file} › ${name} (${count} test${count > 1 ? 's' : ''})`, reason ?? 'NO REASON GIVEN (use describeWhen from test/support/skips.ts)']);
    }
  }
  const notes = [brokenSuites ? `${brokenSuites} suite(s) failed to run` : '', process.env.TEST_DATABASE_URL ? '' : 'PostgreSQL project not run: TEST_DATABASE_URL is not set'].filter(Boolean);
  record('jest', jest.numPassedTests, jest.numFailedTests + brokenSuites + unexplained, notes.join('; '), jestRun.seconds);
} else {
  record('jest', 0, 1, `no report (exit ${jestRun.status})`, jestRun.seconds);
}
rmSync(skipsFile, { force: true });

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
  const buildStarted = Date.now();
  const built = buildIfStale() && buildIfStale({ development: true });
  record('build', built ? 1 : 0, built ? 0 : 1, 'storefront, production and recorder builds (when stale)', (Date.now() - buildStarted) / 1000);
  if (built) {
    const pwReport = join(reportDir, 'playwright.json');
    rmSync(pwReport, { force: true });
    const pw_ = await run_(bin('playwright'), ['test'], { PW_JSON_OUTPUT: pwReport });
    const pw = readJson(pwReport);
    if (pw && pw.stats) {
      const { expected = 0, unexpected = 0, flaky = 0 } = pw.stats;
      const startupErrors = (pw.errors || []).length;
      let unexplained = 0;
      const walk = (suite, file) => {
        for (const spec of suite.specs ?? []) {
          for (const test of spec.tests ?? []) {
            if (test.status !== 'skipped') continue;
            const reason = (test.annotations ?? []).find((note) => note.type === 'skip' || note.type === 'fixme')?.description;
            if (!reason) unexplained += 1;
            skipped.push(['e2e', `${file}:${spec.line} › ${spec.title} [${test.projectName}]`, reason ?? 'NO REASON GIVEN (test.skip(condition, reason))']);
          }
        }
        for (const child of suite.suites ?? []) walk(child, file);
      };
      for (const suite of pw.suites ?? []) walk(suite, suite.file);
      record('e2e', expected + flaky, unexpected + startupErrors + unexplained, flaky ? `${flaky} flaky` : '', pw_.seconds);
    } else {
      record('e2e', 0, 1, `no report (exit ${pw_.status})`, pw_.seconds);
    }
    if (pw_.status !== 0 && rows.at(-1).failed === 0) rows.at(-1).failed = 1;
  }
}

const done = await cleanupRun(run);
if (done.groups || done.databases.length) console.log(`\nThe run had left ${done.groups} process group(s) and ${done.databases.length} database(s): ended and dropped.`);

const passed = rows.reduce((sum, row) => sum + row.passed, 0);
const failed = rows.reduce((sum, row) => sum + row.failed, 0);
const total = rows.reduce((sum, row) => sum + row.seconds, 0);
if (skipped.length) {
  console.log(`\nskipped (${skipped.length}):`);
  for (const [suite, what, why] of skipped) console.log(`  ${suite.padEnd(5)} ${what}: ${why}`);
}
console.log('\nstep        passed  failed    time  note');
for (const row of rows) {
  console.log(`${row.step.padEnd(11)} ${String(row.passed).padStart(6)}  ${String(row.failed).padStart(6)}  ${`${Math.round(row.seconds)} s`.padStart(6)}  ${row.note}`);
}
console.log(`${'total'.padEnd(27)}${`${Math.round(total)} s`.padStart(6)}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
