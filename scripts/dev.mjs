#!/usr/bin/env node
// `npm run dev`: the storefront built for development (webpack watching, the Stately inspector
// with ?inspect, the session recorder with ?record) and the shop server restarted on change,
// on the same port and database as `npm start` (PORT, DATA_DIR / DB_PATH; the server creates
// and fills the database on first start). The server restarts when server/ changes, and after
// each rebuild of the storefront (src/, store/, machines/, sagas/), since it renders pages with
// the storefront's code.
//
// The page never meets a refused connection: this script holds PORT itself and passes each request
// to the current server, which listens on a port of its own; a restart starts the new server
// beside the old one, sends requests to it once it answers /readyz, then stops the old one
// (which finishes what it was answering). Then it says "reload" on /__dev/events, which the
// development build's pages listen to (src/app/devReload.ts): an open page shows the change.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, watch } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const webpack = require('webpack');
const makeConfig = require(join(root, 'webpack.config.js'));

const staticDir = process.env.DEV_STATIC_DIR || join(root, '.tmp', 'dev');
const config = makeConfig({ hashNames: true, devReload: true }, { mode: 'development' });
config.output.path = staticDir;

// One server process unless WORKERS says otherwise: the test hooks (`SHOP_TEST_HOOKS=1`, a fault
// set with POST /__test/faults) live in the process that takes them, so with one process a fault
// reaches every request.
const workers = process.env.WORKERS || '1';
console.log(
  `[dev] ${workers === '1' ? 'one server process (WORKERS=1): a fault set with POST /__test/faults applies to every request' : `${workers} server processes (WORKERS=${workers}): a test-hook fault reaches only the process that took it`}`,
);

const port = Number(process.env.PORT || 8080);
const host = process.env.HOST || '0.0.0.0';
const EVENTS_PATH = '/__dev/events';

/** The server answering now: its process and its own port. */
let current;
let compiling = true;
let built = false;
let restartWanted = false;
let timer;
/** Restarts run one after another. */
let restarts = Promise.resolve();
/** The open pages listening for "reload". */
const listeners = new Set();

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
  });
}

/** Resolves true once the server on `serverPort` answers /readyz, false if its process exits first. */
function answering(child, serverPort) {
  return new Promise((resolve) => {
    let done = false;
    child.once('exit', () => {
      done = true;
      resolve(false);
    });
    const ask = () => {
      if (done) return;
      const probe = httpRequest({ host: '127.0.0.1', port: serverPort, path: '/readyz', agent: false }, (answer) => {
        answer.resume();
        if (answer.statusCode === 200) {
          done = true;
          resolve(true);
        } else setTimeout(ask, 100);
      });
      probe.on('error', () => setTimeout(ask, 100));
      probe.end();
    };
    ask();
  });
}

function stop(server) {
  if (!server || server.child.exitCode !== null) return Promise.resolve();
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  return exited;
}

/** Starts a server beside the current one; once it answers, requests go to it and the old one stops. */
async function startServer(reason) {
  const serverPort = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, STATIC_DIR: staticDir, WORKERS: workers, PORT: String(serverPort), HOST: '127.0.0.1' },
  });
  if (!(await answering(child, serverPort))) {
    console.error(`[dev] the new server did not start${current ? ': the previous one goes on answering' : ''}; fix it and save again`);
    return;
  }
  const previous = current;
  current = { child, port: serverPort };
  if (previous) {
    console.log(`[dev] ${reason}: server restarted`);
    for (const listener of listeners) listener.write('event: reload\ndata: {}\n\n');
  } else console.log(`[dev] the shop answers on http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`);
  await stop(previous);
}

/** A change seen: restart once the storefront is built (a change in src/ rebuilds it first). */
function scheduleRestart(reason) {
  restartWanted = true;
  clearTimeout(timer);
  timer = setTimeout(() => {
    if (compiling || !built || !restartWanted) return;
    restartWanted = false;
    restarts = restarts.then(() => startServer(reason));
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
    restarts = restarts.then(() => startServer('first build'));
  } else scheduleRestart('storefront rebuilt');
});

// The address the browser uses: each request passed to the current server, as it came.
const front = createServer((incoming, outgoing) => {
  if (incoming.url === EVENTS_PATH) {
    outgoing.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
    outgoing.write(': the dev server says "reload" here after each restart\n\n');
    listeners.add(outgoing);
    incoming.once('close', () => listeners.delete(outgoing));
    return;
  }
  if (!current) {
    outgoing.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '1' });
    outgoing.end('The shop is starting: the storefront is being built. Try again in a moment.\n');
    return;
  }
  const passed = httpRequest(
    { host: '127.0.0.1', port: current.port, method: incoming.method, path: incoming.url, headers: incoming.headers, agent: false },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(outgoing);
    },
  );
  passed.on('error', (error) => {
    if (outgoing.headersSent) outgoing.destroy(error);
    else {
      outgoing.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      outgoing.end(`The dev server could not reach the shop: ${error.message}\n`);
    }
  });
  incoming.pipe(passed);
});
front.listen(port, host);

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
  for (const listener of listeners) listener.end();
  front.close();
  await restarts;
  await stop(current);
  process.exit(0);
}
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
