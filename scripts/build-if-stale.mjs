#!/usr/bin/env node
// Builds the storefront for production when dist/ is missing or older than its sources; and, for
// the browser test that records a session (the recorder is in development builds only), the
// development build in .tmp/record-build/ when that is missing or older.
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const SOURCES = ['src', 'machines', 'sagas', 'store', 'public', 'webpack.config.js', 'tsconfig.json', 'package-lock.json'];
/** The development build with the session recorder (`?record`) that test/e2e/recordReplay.spec.ts serves. */
export const RECORD_BUILD_DIR = join(root, '.tmp', 'record-build');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function buildIsStale(dir = join(root, 'dist')) {
  const stamp = join(dir, '.build-stamp');
  if (!existsSync(stamp) || !existsSync(join(dir, 'index.html'))) return true;
  const built = statSync(stamp).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(root, source)) > built);
}

/** Returns true when the build is (now) fresh. `development`: the recorder's build in RECORD_BUILD_DIR. */
export function buildIfStale({ force = false, development = false } = {}) {
  const dir = development ? RECORD_BUILD_DIR : join(root, 'dist');
  if (!force && !buildIsStale(dir)) return true;
  console.log(development ? `Building the storefront for development (webpack, ${dir})...` : 'Building the storefront for production (webpack)...');
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules', 'webpack', 'bin', 'webpack.js'), '--mode', development ? 'development' : 'production', ...(development ? ['--output-path', dir] : [])],
    { cwd: root, stdio: 'inherit', env: process.env },
  );
  if (result.status !== 0) return false;
  writeFileSync(join(dir, '.build-stamp'), new Date().toISOString());
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const force = process.argv.includes('--force');
  const development = process.argv.includes('--development');
  process.exit(buildIfStale({ force, development }) ? 0 : 1);
}
