#!/usr/bin/env node
// Browser tests drive Debian's Chromium (no tool may download its own browser here).
// Installs the `chromium` package when /usr/bin/chromium is missing.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = asRoot ? '' : 'sudo ';
  console.log(`Chromium not found at ${CHROMIUM_PATH}: installing Debian's chromium package...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execSync(`${sudo}apt-get update -qq`, { stdio: 'inherit', env });
  execSync(`${sudo}apt-get install -y -qq chromium fonts-dejavu-core`, { stdio: 'inherit', env });
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`chromium still missing at ${CHROMIUM_PATH}`);
  return CHROMIUM_PATH;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(`Chromium: ${ensureChromium()}`);
  } catch (error) {
    console.error(String(error));
    process.exit(1);
  }
}
