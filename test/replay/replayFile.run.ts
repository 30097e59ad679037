import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describeSteps, expectSameAsRecorded, replaySession } from './replaySession';

/**
 * What `npm run replay -- SESSION.json [--step]` runs (scripts/replay.mjs): the session replayed
 * against the root saga; the run fails at the first put that differs from the recording. With
 * REPLAY_OUT set (what --step asks), the walk is written there as JSON instead (each step's
 * event, puts, slices and changes of the store, and the first difference, if any), for
 * scripts/replay.mjs to show one step per key.
 */
const file = resolve(process.env.INIT_CWD ?? process.cwd(), process.env.REPLAY_FILE ?? '');

it(`replays ${file}`, async () => {
  const result = await replaySession(JSON.parse(readFileSync(file, 'utf8')));
  if (process.env.REPLAY_OUT) {
    let difference: string | null = null;
    try {
      expectSameAsRecorded(result);
    } catch (error) {
      difference = (error as Error).message;
    }
    const step = difference ? Number(/at step (\d+)/.exec(difference)?.[1]) : null;
    writeFileSync(process.env.REPLAY_OUT, JSON.stringify({ steps: result.steps, difference, step, text: describeSteps(result) }));
    return;
  }
  expectSameAsRecorded(result);
}, 60_000);
