#!/usr/bin/env node
// What a test run leaves behind, ended and dropped (issue 33: a failing or killed run leaves no
// process and no database). Every run has an id, SHOP_TEST_RUN (`r<time>p<pid of its owner>`,
// set by scripts/test.mjs, or by jest's / Playwright's global setup when run alone):
// - each server or tool a test starts runs in a process group of its own, registered as a file
//   `test-results/processes/<run>-<pgid>` (test/support/processGroups.ts);
// - its PostgreSQL databases are named `shoptest_<run>_...` and `shoptpl_<run>_...`.
// `cleanupRun(run)` ends the run's groups and drops its databases (the global teardowns, and
// scripts/test.mjs on its way out, even on Ctrl-C or SIGTERM); `sweepDeadRuns()` does the same
// for runs whose owner process is gone (a run killed with SIGKILL), at the start of the next one.
//   node scripts/test-cleanup.cjs [RUN]   (no RUN: the dead runs)
const { existsSync, mkdirSync, readdirSync, rmSync } = require('node:fs');
const { join } = require('node:path');

const PROCESSES_DIR = join(__dirname, '..', 'test-results', 'processes');
const RUN = /^r[0-9a-z]+p(\d+)$/;

function newRunId() {
  return `r${Date.now().toString(36)}p${process.pid}`;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

const ownerAlive = (run) => {
  const match = RUN.exec(run);
  return match ? alive(Number(match[1])) : true;
};

/** Ends the registered process groups of the runs `wanted` says yes to (SIGTERM, then SIGKILL what stays). */
async function endGroups(wanted) {
  if (!existsSync(PROCESSES_DIR)) return 0;
  const groups = [];
  for (const name of readdirSync(PROCESSES_DIR)) {
    const at = name.lastIndexOf('-');
    const run = name.slice(0, at);
    const pgid = Number(name.slice(at + 1));
    if (!wanted(run) || !Number.isInteger(pgid)) continue;
    groups.push({ pgid, file: join(PROCESSES_DIR, name) });
  }
  const signal = (pgid, name) => {
    try {
      process.kill(-pgid, name);
      return true;
    } catch {
      return false;
    }
  };
  const live = groups.filter(({ pgid }) => signal(pgid, 'SIGTERM'));
  for (let waited = 0; waited < 5000 && live.some(({ pgid }) => signal(pgid, 0)); waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
  for (const { pgid } of live) signal(pgid, 'SIGKILL');
  for (const { file } of groups) rmSync(file, { force: true });
  return live.length;
}

/** Drops the PostgreSQL test databases of the runs `wanted` says yes to (when TEST_DATABASE_URL names a server). */
async function dropDatabases(wanted) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return [];
  const { Client } = require('pg');
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch {
    return [];
  }
  const dropped = [];
  try {
    const { rows } = await client.query("SELECT datname FROM pg_database WHERE datname ~ '^shopt(est|pl)_r[0-9a-z]+p[0-9]+_'");
    for (const { datname } of rows) {
      const run = /^shopt(?:est|pl)_(r[0-9a-z]+p\d+)_/.exec(datname)[1];
      if (!wanted(run)) continue;
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).then(
        () => dropped.push(datname),
        () => undefined,
      );
    }
  } finally {
    await client.end().catch(() => undefined);
  }
  return dropped;
}

/** Ends what the run `run` left running and drops its databases; answers what it did. */
async function cleanupRun(run) {
  if (!run) return { groups: 0, databases: [] };
  const groups = await endGroups((one) => one === run);
  const databases = await dropDatabases((one) => one === run);
  return { groups, databases };
}

/** The same for every run whose owner process is gone (killed): what it left is nobody's. */
async function sweepDeadRuns() {
  mkdirSync(PROCESSES_DIR, { recursive: true });
  const dead = (run) => !ownerAlive(run);
  const groups = await endGroups(dead);
  const databases = await dropDatabases(dead);
  return { groups, databases };
}

module.exports = { PROCESSES_DIR, newRunId, cleanupRun, sweepDeadRuns };

if (require.main === module) {
  const run = process.argv[2];
  (run ? cleanupRun(run) : sweepDeadRuns()).then((done) =>
    console.log(`ended ${done.groups} process group(s), dropped ${done.databases.length} database(s)${done.databases.length ? `: ${done.databases.join(', ')}` : ''}`),
  );
}
