#!/usr/bin/env node
// Builds the storefront for production when dist/ is missing or older than its sources.
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const SOURCES = ['src', 'machines', 'sagas', 'store', 'public', 'webpack.config.js', 'tsconfig.json', 'package-lock.json'];
const STAMP = join(root, 'dist', '.build-stamp');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function buildIsStale() {
  if (!existsSync(STAMP) || !existsSync(join(root, 'dist', 'index.html'))) return true;
  const built = statSync(STAMP).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(root, source)) > built);
}

/** Returns true when the build is (now) fresh. */
export function buildIfStale({ force = false } = {}) {
  if (!force && !buildIsStale()) return true;
  console.log('Building the storefront for production (webpack)...');
  const result = spawnSync(process.execPath, [join(root, 'node_modules', 'webpack', 'bin', 'webpack.js'), '--mode', 'production'], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  if (result.status !== 0) return false;
  writeFileSync(STAMP, new Date().toISOString());
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(buildIfStale({ force: process.argv.includes('--force') }) ? 0 : 1);
}
