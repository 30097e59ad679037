#!/usr/bin/env node
// `npm run replay -- SESSION.json [--step]`: replays a recorded session (docs/qa.md) against the
// root saga and exits non-zero, naming the first differing put, when the replay goes another way
// than the recording. With --step it stops at every step: the step's event (what the page did,
// what answered), the sagas' puts after it and how the store changed, then waits for a key
// (Enter or space: the next step; c: the rest without stopping; q: stop). Without a terminal, each
// line read from standard input is a key; at its end the rest is shown without stopping.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const file = args.find((arg) => !arg.startsWith('--'));
const stepping = args.includes('--step');
if (!file || !existsSync(resolve(process.env.INIT_CWD ?? process.cwd(), file))) {
  console.error('usage: npm run replay -- SESSION.json [--step]');
  process.exit(2);
}
const jest = [join(root, 'node_modules', 'jest', 'bin', 'jest.js'), '--config', join(root, 'test', 'replay', 'jest.replay.config.js')];
const env = { ...process.env, REPLAY_FILE: file };
if (!stepping) {
  const result = spawnSync(process.execPath, [...jest, '--silent=false'], { cwd: root, stdio: 'inherit', env });
  process.exit(result.status ?? 1);
}

const dir = mkdtempSync(join(tmpdir(), 'shop-replay-step-'));
const out = join(dir, 'walk.json');
let walk;
try {
  console.log('Replaying the session...');
  const run = spawnSync(process.execPath, jest, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, REPLAY_OUT: out }, encoding: 'utf8' });
  if (!existsSync(out)) {
    process.stdout.write(run.stdout + run.stderr);
    process.exit(run.status || 1);
  }
  walk = JSON.parse(readFileSync(out, 'utf8'));
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/** The next key: a keypress on a terminal, else a line of standard input; 'c' once input has ended. */
function keys() {
  if (process.stdin.isTTY) {
    process.stdin.setRawMode(true);
    process.stdin.resume();
    return {
      next: () => new Promise((done) => process.stdin.once('data', (data) => done(data[0] === 3 ? 'q' : data.toString('utf8').trim().toLowerCase()))),
      close: () => {
        process.stdin.setRawMode(false);
        process.stdin.pause();
      },
    };
  }
  const lines = createInterface({ input: process.stdin });
  const queue = [];
  const waiting = [];
  let ended = false;
  lines.on('line', (line) => (waiting.length ? waiting.shift()(line.trim().toLowerCase()) : queue.push(line.trim().toLowerCase())));
  lines.on('close', () => {
    ended = true;
    while (waiting.length) waiting.shift()('c');
  });
  return {
    next: () => (queue.length ? Promise.resolve(queue.shift()) : ended ? Promise.resolve('c') : new Promise((done) => waiting.push(done))),
    close: () => lines.close(),
  };
}

const shown = (value) => (value === undefined ? '(none)' : JSON.stringify(value).slice(0, 100));
const input = keys();
let stopping = true;
for (const step of walk.steps) {
  const lines = [`${step.step}. ${step.event}`, ...step.puts.map((action) => `     put ${JSON.stringify(action).slice(0, 240)}`)];
  if (step.slices.length) lines.push(`     changed: ${step.slices.join(', ')}`);
  for (const change of step.changes.slice(0, 40)) lines.push(`     state ${change.path}: ${shown(change.before)} -> ${shown(change.after)}`);
  if (step.changes.length > 40) lines.push(`     state ... and ${step.changes.length - 40} more`);
  if (walk.step === step.step) lines.push('     ^ the replay differs from the recording at this step (see below)');
  console.log(lines.join('\n'));
  if (!stopping || step === walk.steps.at(-1)) continue;
  process.stdout.write(`-- step ${step.step} of ${walk.steps.length - 1}: Enter for the next, c for the rest, q to stop --\n`);
  const key = await input.next();
  if (key === 'q') break;
  if (key === 'c') stopping = false;
}
input.close();
console.log(walk.difference ?? 'The replay put the same actions as the recording.');
process.exit(walk.difference ? 1 : 0);
