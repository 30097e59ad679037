import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BenchBuild {
  /** The build's root (index.html + assets/): the server's STATIC_DIR. */
  dir: string;
  remove(): void;
}

/**
 * A production build of the working tree into a temporary directory, so the figures are of
 * the current sources and the shared `dist/` (which other servers may be serving, and which
 * webpack would clean) is left alone. `BENCH_STATIC_DIR` measures an existing build instead.
 */
export function buildStorefront(): BenchBuild {
  if (process.env.BENCH_STATIC_DIR) return { dir: process.env.BENCH_STATIC_DIR, remove() {} };
  const root = join(__dirname, '..', '..');
  const dir = mkdtempSync(join(tmpdir(), 'shop-bench-dist-'));
  console.log(`Building the storefront for production into ${dir} (webpack)...`);
  const result = spawnSync(process.execPath, [join(root, 'node_modules', 'webpack', 'bin', 'webpack.js'), '--mode', 'production', '--output-path', dir], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: process.env,
  });
  if (result.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error('storefront build failed');
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
