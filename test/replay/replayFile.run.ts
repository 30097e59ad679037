import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describeSteps, expectSameAsRecorded, replaySession } from './replaySession';

/**
 * What `npm run replay -- SESSION.json [--step]` runs (scripts/replay.mjs): the session replayed
 * against the root saga; with --step, every recorded event, the sagas' puts after it and the store
 * slices they changed are printed; the run fails at the first put that differs from the recording.
 */
const file = resolve(process.env.INIT_CWD ?? process.cwd(), process.env.REPLAY_FILE ?? '');

it(`replays ${file}`, async () => {
  const result = await replaySession(JSON.parse(readFileSync(file, 'utf8')));
  if (process.env.REPLAY_STEP === '1') process.stdout.write(`\n${describeSteps(result)}\n\n`);
  expectSameAsRecorded(result);
}, 60_000);
