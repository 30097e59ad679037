#!/usr/bin/env node
// The production server: server/main.ts (and the storefront code it renders pages with)
// compiled by esbuild into one CommonJS file, build/server/main.cjs, with a source map; the
// operator's commands beside it (catalogue.cjs: catalogue:import / export; messages.cjs). The
// packages stay in node_modules (required at run time, not bundled); style imports are nothing
// on the server. `npm start`, `npm run serve` and those commands run with plain `node`, no
// TypeScript loader (tsx is a development dependency).
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
export const SERVER_BUILD_DIR = join(root, 'build', 'server');
export const SERVER_BUILD = join(SERVER_BUILD_DIR, 'main.cjs');
/** Output name (without .cjs) -> entry. */
const ENTRIES = { main: 'server/main.ts', catalogue: 'scripts/catalogue.ts', messages: 'scripts/messages.ts', orders: 'scripts/orders.ts' };
const SOURCES = ['server', 'src', 'store', 'machines', 'sagas', 'tsconfig.json', 'package-lock.json', 'scripts/build-server.mjs', 'scripts/catalogue.ts', 'scripts/messages.ts', 'scripts/orders.ts'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const stampOf = (outdir) => join(outdir, '.build-stamp');

export function serverBuildIsStale(outdir = SERVER_BUILD_DIR) {
  if (Object.keys(ENTRIES).some((name) => !existsSync(join(outdir, `${name}.cjs`))) || !existsSync(stampOf(outdir))) return true;
  const built = statSync(stampOf(outdir)).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(root, source)) > built);
}

/**
 * Compiles the server and the commands into `outdir`; returns the time it took in ms. The output
 * must sit inside the project so that its requires find node_modules.
 */
export async function buildServer({ outdir = SERVER_BUILD_DIR } = {}) {
  const started = Date.now();
  // esbuild: a development dependency; it is needed to build, never to run.
  const { build } = await import('esbuild');
  mkdirSync(outdir, { recursive: true });
  await build({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    outdir,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    platform: 'node',
    target: 'node20.19',
    format: 'cjs',
    packages: 'external',
    loader: { '.css': 'empty' },
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
  });
  writeFileSync(stampOf(outdir), new Date().toISOString());
  return Date.now() - started;
}

/**
 * Builds when the build is missing or older than a source; returns true when it is (now) fresh.
 * Says what it does on stderr (stdout may be an export being written).
 */
export async function buildServerIfStale({ force = false, outdir = SERVER_BUILD_DIR } = {}) {
  if (!force && !serverBuildIsStale(outdir)) return true;
  console.error('Building the server (esbuild)...');
  try {
    const ms = await buildServer({ outdir });
    console.error(`Server built in ${ms} ms: ${outdir.startsWith(root) ? outdir.slice(root.length) : outdir}`);
    return true;
  } catch (error) {
    console.error(error);
    return false;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // --force: build even when fresh; --outdir=PATH: elsewhere than build/server (inside the project).
  const outdir = process.argv.find((arg) => arg.startsWith('--outdir='))?.slice('--outdir='.length);
  buildServerIfStale({ force: process.argv.includes('--force'), outdir: outdir ? resolve(outdir) : SERVER_BUILD_DIR }).then((fresh) => process.exit(fresh ? 0 : 1));
}
