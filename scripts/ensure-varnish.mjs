#!/usr/bin/env node
// The cache test (test/server/varnish.test.ts) runs the shop behind Debian's Varnish (7.1 on
// bookworm). Installs the `varnish` package when varnishd is missing, as ensure-chromium.mjs
// installs Chromium; answers null (and says why) when it cannot be installed here.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

export const VARNISHD_PATH = process.env.VARNISHD_PATH || '/usr/sbin/varnishd';

export function ensureVarnish({ install = true } = {}) {
  if (existsSync(VARNISHD_PATH)) return { path: VARNISHD_PATH };
  if (!install) return { path: null, reason: `varnishd not found at ${VARNISHD_PATH}` };
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = asRoot ? '' : 'sudo -n ';
  console.log(`Varnish not found at ${VARNISHD_PATH}: installing Debian's varnish package...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execSync(`${sudo}apt-get update -qq`, { stdio: 'inherit', env });
    // The package's own service is not wanted: the tests start varnishd themselves.
    execSync(`${sudo}apt-get install -y -qq --no-install-recommends varnish`, { stdio: 'inherit', env });
  } catch (error) {
    return { path: null, reason: `could not install varnish: ${String(error).split('\n')[0]}` };
  }
  return existsSync(VARNISHD_PATH) ? { path: VARNISHD_PATH } : { path: null, reason: `varnishd still missing at ${VARNISHD_PATH}` };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = ensureVarnish();
  if (found.path) console.log(`Varnish: ${found.path}`);
  else {
    console.error(found.reason);
    process.exit(1);
  }
}
