#!/usr/bin/env node
// `npm run dev`: the storefront built for development (webpack watching, the Stately inspector
// with ?inspect, the session recorder with ?record) and the shop server restarted on change,
// on the same port and database as `npm start` (PORT, DATA_DIR / DB_PATH; the server creates
// and fills the database on first start). The server restarts when server/ changes, and after
// each rebuild of the storefront (src/, store/, machines/, sagas/), since it renders pages with
// the storefront's code. Reload the browser to see a change.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, watch } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const webpack = require('webpack');
const makeConfig = require(join(root, 'webpack.config.js'));

const staticDir = process.env.DEV_STATIC_DIR || join(root, '.tmp', 'dev');
const config = makeConfig({ hashNames: true }, { mode: 'development' });
config.output.path = staticDir;

// One server process unless WORKERS says otherwise: the test hooks (`SHOP_TEST_HOOKS=1`, a fault
// set with POST /__test/faults) live in the process that takes them, so with one process a fault
// reaches every request.
const workers = process.env.WORKERS || '1';
console.log(
  `[dev] ${workers === '1' ? 'one server process (WORKERS=1): a fault set with POST /__test/faults applies to every request' : `${workers} server processes (WORKERS=${workers}): a test-hook fault reaches only the process that took it`}`,
);

let server;
let serverExit;
let restartWanted = false;
let compiling = true;
let built = false;
let timer;

async function stopServer() {
  if (!server) return;
  const exited = serverExit;
  server.kill('SIGTERM');
  await exited;
  server = undefined;
}

async function startServer() {
  await stopServer();
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, STATIC_DIR: staticDir, WORKERS: workers },
  });
  serverExit = new Promise((resolve) => server.once('exit', resolve));
}

/** A change seen: restart once the storefront is built (a change in src/ rebuilds it first). */
function scheduleRestart(reason) {
  restartWanted = true;
  clearTimeout(timer);
  timer = setTimeout(() => {
    if (compiling || !built || !restartWanted) return;
    restartWanted = false;
    console.log(`[dev] ${reason}: restarting the server`);
    void startServer();
  }, 250);
}

const compiler = webpack(config);
compiler.hooks.invalid.tap('dev', () => {
  compiling = true;
});
const watching = compiler.watch({ aggregateTimeout: 200, ignored: /node_modules/ }, (error, stats) => {
  compiling = false;
  if (error || stats.hasErrors()) {
    console.error(error ?? stats.toString({ colors: true, all: false, errors: true, errorDetails: false }));
    console.error('[dev] the storefront build failed; fix it and save again');
    return;
  }
  console.log(`[dev] storefront built in ${stats.endTime - stats.startTime} ms`);
  if (!built) {
    built = true;
    void startServer();
  } else scheduleRestart('storefront rebuilt');
});

// One watcher per directory (Node 20's recursive watch on Linux loses files replaced by rename,
// as editors save them); a new directory is watched when it appears.
const watched = new Set();
function watchTree(dir) {
  if (watched.has(dir) || !existsSync(dir) || !statSync(dir).isDirectory()) return;
  watched.add(dir);
  const watcher = watch(dir, (_event, file) => {
    if (!file) return;
    const path = join(dir, file);
    if (existsSync(path) && statSync(path).isDirectory()) watchTree(path);
    scheduleRestart(`${relative(root, path)} changed`);
  });
  watcher.on('error', () => watched.delete(dir));
  for (const entry of readdirSync(dir, { withFileTypes: true })) if (entry.isDirectory()) watchTree(join(dir, entry.name));
}
for (const folder of ['server', 'src', 'store', 'machines', 'sagas']) watchTree(join(root, folder));

async function shutdown() {
  clearTimeout(timer);
  watching.close(() => {});
  await stopServer();
  process.exit(0);
}
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
