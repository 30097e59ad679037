import { orderedPuts, replaySession } from '../../replay/replaySession';
import type { RecordedSession } from '../../../store/sessionRecorder';
import addFailsThenSucceeds from '../../replay/sessions/basket-add-fails-then-succeeds.json';
import finderToComparison from '../../replay/sessions/finder-to-comparison.json';

/**
 * Shoppers' sessions recorded in Chromium on a development build (`?record`, then the
 * recorder's Save button; test/replay/recordSessions.ts), replayed against the root saga with
 * the server's recorded answers: the sagas must put the same actions in the same order.
 */
async function replayed(file: unknown) {
  const result = await replaySession(file as RecordedSession);
  expect(orderedPuts(result.put)).toEqual(orderedPuts(result.recorded));
  expect(result.put).toHaveLength(result.recorded.length);
  expect(result.unused).toEqual([]);
  return result.put.map(({ action }) => action as { type: string; payload?: unknown });
}

describe('recorded sessions replayed as saga tests', () => {
  it('an add to basket that fails, then succeeds', async () => {
    const put = await replayed(addFailsThenSucceeds);
    // What the shopper saw: the error alert, then the added alert and a basket of one line.
    const alerts = put.filter((action) => action.type === 'alert/show').map((action) => (action.payload as { key: string }).key);
    expect(alerts).toEqual(['buy.addFailed', 'buy.added']);
    // The empty basket came drawn with the page (server rendering): the one basket put is the add's.
    expect(put.filter((action) => action.type === 'basket/basketLoaded').map((action) => (action.payload as { productsCounter: number }).productsCounter)).toEqual([1]);
  }, 30_000);

  it('a finder run from the vehicle to a comparison of two brake parts', async () => {
    const put = await replayed(finderToComparison);
    const finder = put.filter((action) => action.type === 'flows/flowUpdated' && (action.payload as { id: string }).id === 'brakeFinder');
    const last = finder.at(-1)!.payload as { value: { details: string }; context: { compare: number[]; detailsMode: string } };
    expect(last.value.details).toBe('active');
    expect(last.context.detailsMode).toBe('compare');
    expect(last.context.compare).toHaveLength(2);
  }, 30_000);
});
