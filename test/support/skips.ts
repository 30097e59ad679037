import { appendFileSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * A jest `describe` that runs only where `condition` holds, and otherwise is skipped with its
 * reason written down: `npm test`'s summary (scripts/test.mjs) names every skipped test and why,
 * and counts a skip without a reason as a failure.
 *
 *   const describeOnPostgres = describeWhen(BACKEND === 'postgres', 'runs on the PostgreSQL project');
 */
const ROOT = join(__dirname, '..', '..');
export const SKIPS_DIR = join(ROOT, 'test-results', 'skips');

export function describeWhen(condition: boolean, reason: string): jest.Describe {
  if (condition) return describe;
  const skipped = ((name: string, body: () => void) => {
    const run = process.env.SHOP_TEST_RUN ?? 'norun';
    const file = relative(ROOT, expect.getState().testPath ?? '');
    mkdirSync(SKIPS_DIR, { recursive: true });
    appendFileSync(join(SKIPS_DIR, `${run}.jsonl`), `${JSON.stringify({ file, describe: name, reason })}\n`);
    describe.skip(name, body);
  }) as jest.Describe;
  return skipped;
}
