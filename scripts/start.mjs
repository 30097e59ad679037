#!/usr/bin/env node
// `npm start`: build the storefront and the server when missing or stale, then serve shop + API
// from the compiled server (build/server/main.cjs, plain `node`: no TypeScript loader). The
// server creates and fills the database on first start. `--no-storefront` (npm run serve)
// builds only the server and expects the storefront in STATIC_DIR.
import { spawn } from 'node:child_process';
import { buildIfStale } from './build-if-stale.mjs';
import { SERVER_BUILD, buildServerIfStale } from './build-server.mjs';

if (!process.argv.includes('--no-storefront') && !buildIfStale()) {
  console.error('The storefront build failed; see the webpack output above.');
  process.exit(1);
}
if (!(await buildServerIfStale())) {
  console.error('The server build failed; see the esbuild output above.');
  process.exit(1);
}

const server = spawn(process.execPath, ['--enable-source-maps', SERVER_BUILD], {
  cwd: new URL('..', import.meta.url).pathname,
  stdio: 'inherit',
  // React renders pages on the server: its production build unless told otherwise.
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
