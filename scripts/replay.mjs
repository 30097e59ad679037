#!/usr/bin/env node
// `npm run replay -- SESSION.json [--step]`: replays a recorded session (README "Turning a session
// into a test") against the root saga; --step prints it event by event: what happened, what the
// sagas put after it, which store slices changed. Exits non-zero, naming the first differing put,
// when the replay goes another way than the recording.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const file = args.find((arg) => !arg.startsWith('--'));
if (!file || !existsSync(resolve(process.env.INIT_CWD ?? process.cwd(), file))) {
  console.error('usage: npm run replay -- SESSION.json [--step]');
  process.exit(2);
}
const result = spawnSync(
  process.execPath,
  [join(root, 'node_modules', 'jest', 'bin', 'jest.js'), '--config', join(root, 'test', 'replay', 'jest.replay.config.js'), '--silent=false'],
  { cwd: root, stdio: 'inherit', env: { ...process.env, REPLAY_FILE: file, REPLAY_STEP: args.includes('--step') ? '1' : '0' } },
);
process.exit(result.status ?? 1);
