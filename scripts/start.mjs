#!/usr/bin/env node
// `npm start`: build the storefront when missing or stale, then serve shop + API
// (the server creates and fills the database on first start).
import { spawn } from 'node:child_process';
import { buildIfStale } from './build-if-stale.mjs';

if (!buildIfStale()) {
  console.error('The storefront build failed; see the webpack output above.');
  process.exit(1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: new URL('..', import.meta.url).pathname,
  stdio: 'inherit',
  // React renders pages on the server: its production build unless told otherwise.
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
