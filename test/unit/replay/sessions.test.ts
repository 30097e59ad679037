import { describeSteps, expectSameAsRecorded, firstDivergence, replaySession } from '../../replay/replaySession';
import addFailsThenSucceeds from '../../replay/sessions/basket-add-fails-then-succeeds.json';
import finderToComparison from '../../replay/sessions/finder-to-comparison.json';

/**
 * Shoppers' sessions recorded in Chromium on a development build (`?record`, then the
 * recorder's Save button; test/replay/recordSessions.ts), replayed against the root saga with
 * the server's recorded answers: the sagas must put the same actions in the same order.
 */
async function replayed(file: unknown) {
  const result = await replaySession(file);
  expectSameAsRecorded(result);
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

  it('a replay that goes another way says where: the step, the event before it and both puts', async () => {
    // The second add's answer is now a refusal: the sagas go another way from there.
    const session = JSON.parse(JSON.stringify(addFailsThenSucceeds)) as typeof addFailsThenSucceeds & { calls: Array<Record<string, unknown>> };
    const second = session.calls.filter((entry) => entry.fn === 'addToBasket')[1];
    second.error = session.calls.filter((entry) => entry.fn === 'addToBasket')[0].error;
    delete second.result;
    const result = await replaySession(session);
    const divergence = firstDivergence(result)!;
    expect(divergence.after).toBe('failure of addToBasket({"product":11,"size":"uniw","number":1})');
    expect(divergence.step).toBeGreaterThan(0);
    expect(() => expectSameAsRecorded(result)).toThrow(
      new RegExp(`^The replay differs from the recording at step ${divergence.step} \\(after failure of addToBasket\\(.*\\)\\), in \\S+:\\n  recorded: .*\\n  replayed: .*$`),
    );
    // The message is short: no whole diff.
    expect(() => expectSameAsRecorded(result)).toThrow(expect.objectContaining({ message: expect.stringMatching(/^[^\n]*\n[^\n]*\n[^\n]*$/) }));
  }, 30_000);

  it('steps through a session: each event, the puts after it and the store slices they changed', async () => {
    const result = await replaySession(addFailsThenSucceeds);
    const text = describeSteps(result);
    expect(text.split('\n')[0]).toBe('0. start');
    const add = result.steps.find((step) => step.event.startsWith('answer of addToBasket'))!;
    expect(add.puts.map((action) => action.type)).toContain('basket/basketLoaded');
    expect(add.slices).toContain('basket');
    expect(text).toContain(`${add.step}. answer of addToBasket({"product":11,"size":"uniw","number":1})`);
    expect(text).toMatch(/\n {5}put \{"type":"basket\/basketLoaded"/);
    expect(text).toMatch(/\n {5}changed: .*basket/);
  }, 30_000);
});
