import * as basketAdd from '../../../sagas/basketAdd';
import { addToBasket } from '../../../src/api/basket';
import { call } from 'redux-saga/effects';
import { describeSteps, expectSameAsRecorded, firstDivergence, replaySession, stateChanges, type ReplayResult } from '../../replay/replaySession';
import addFailsThenSucceeds from '../../replay/sessions/basket-add-fails-then-succeeds.json';
import homePage from '../../replay/sessions/home-page.json';
import searchListingProduct from '../../replay/sessions/search-listing-product.json';
import basketPage from '../../replay/sessions/basket-page.json';
import finderComparisonContact from '../../replay/sessions/finder-comparison-contact.json';

/**
 * Shoppers' sessions recorded in Chromium on a development build (`?record`, then the
 * recorder's Save button; test/replay/recordSessions.ts), replayed against the root saga with
 * the server's recorded answers: the sagas must put the same actions in the same order. Together
 * they cover the home page (carousels, live search, configurator), the listing (partial loads,
 * the mini basket), a product, the basket page, the brake finder to a comparison and the
 * contact page; three of them run across full page loads.
 */
type Put = { type: string; payload?: unknown };

async function replayed(file: unknown) {
  const result = await replaySession(file);
  expectSameAsRecorded(result);
  expect(result.put).toHaveLength(result.recorded.length);
  expect(result.unused).toEqual([]);
  return result;
}
const actions = (result: Awaited<ReturnType<typeof replayed>>) => result.put.map(({ action }) => action as Put);
const ofFlow = (put: Put[], type: string, id: string) => put.filter((action) => action.type === type && (action.payload as { id: string }).id === id);
const flowEvents = (put: Put[], id: string) => ofFlow(put, 'flows/send', id).map((action) => (action.payload as { event: { type: string } }).event);

describe('recorded sessions replayed as saga tests', () => {
  it('the home page: a vehicle picked, the live search typed in, an add from a card, with the carousels starting on the way', async () => {
    const result = await replayed(homePage);
    const put = actions(result);
    // The carousels' and the live search's code loaded on demand: what the page sent them
    // meanwhile (the layout, the focus) is handed over by the sagas once they run.
    expect(flowEvents(put, 'slider:categories').map((event) => event.type)).toContain('LAYOUT');
    expect(flowEvents(put, 'liveSearch').map((event) => event.type)).toContain('FOCUS');
    expect(ofFlow(put, 'flows/flowUpdated', 'slider:hotspot_promo').length).toBeGreaterThan(0);
    // What the shopper saw: suggestions for what was typed, the categories of the chosen engine, a basket of one.
    expect(put.filter((action) => action.type === 'liveSearch/liveSearchResultsLoaded').map((action) => (action.payload as { query: string }).query)).toEqual(['brembo']);
    expect(put.some((action) => action.type === 'vehicle/engineCategoriesLoaded')).toBe(true);
    expect(put.filter((action) => action.type === 'basket/basketLoaded').map((action) => (action.payload as { productsCounter: number }).productsCounter)).toEqual([1]);
  }, 30_000);

  it('search to listing to product, across three page loads: partial loads, the mini basket\'s removal, an add', async () => {
    const result = await replayed(searchListingProduct);
    const put = actions(result);
    const pages = result.steps.filter((step) => step.step === 0 || step.event.startsWith('page '));
    expect(pages.map((step) => step.event)).toEqual([
      'start',
      'page 2 of the session opened: /search.php?text=pastiglie&from_search=true',
      expect.stringMatching(/^page 3 of the session opened: \/product-\d+-/),
    ]);
    expect(put.filter((action) => action.type === 'page/listingLoaded')).toHaveLength(2);
    // The mini basket hears of the new, empty basket before it hears that its line is removed, as in the browser.
    const told = flowEvents(put, 'miniBasket').filter((event) => event.type === 'BASKET_CHANGED' || event.type === 'REMOVED');
    const removed = told.findIndex((event) => event.type === 'REMOVED');
    expect(told.slice(removed - 1, removed + 1)).toEqual([
      { type: 'BASKET_CHANGED', count: 0 },
      { type: 'REMOVED', key: expect.any(String) },
    ]);
    expect(put.filter((action) => action.type === 'alert/show').map((action) => (action.payload as { key: string }).key)).toEqual(['buy.added']);
  }, 30_000);

  it('an add to basket that fails, then succeeds', async () => {
    const put = actions(await replayed(addFailsThenSucceeds));
    // What the shopper saw: the error alert, then the added alert and a basket of one line.
    const alerts = put.filter((action) => action.type === 'alert/show').map((action) => (action.payload as { key: string }).key);
    expect(alerts).toEqual(['buy.addFailed', 'buy.added']);
    // The empty basket came drawn with the page (server rendering): the one basket put is the add's.
    expect(put.filter((action) => action.type === 'basket/basketLoaded').map((action) => (action.payload as { productsCounter: number }).productsCounter)).toEqual([1]);
  }, 30_000);

  it('two adds from the listing, then the basket page: a quantity changed, a line removed', async () => {
    const put = actions(await replayed(basketPage));
    const baskets = put.filter((action) => action.type === 'basket/basketLoaded').map((action) => action.payload as { productsCounter: number; products: Array<{ count: number }> });
    expect(baskets.map((basket) => basket.productsCounter)).toEqual([1, 2, 2, 1]);
    expect(baskets[2].products.map((line) => line.count)).toEqual([3, 1]);
  }, 30_000);

  it('the brake finder from the vehicle to a comparison of two parts, then the contact page and its form sent', async () => {
    const put = actions(await replayed(finderComparisonContact));
    const finder = ofFlow(put, 'flows/flowUpdated', 'brakeFinder');
    const last = finder.at(-1)!.payload as { value: { details: string }; context: { compare: number[]; detailsMode: string } };
    expect(last.value.details).toBe('active');
    expect(last.context.detailsMode).toBe('compare');
    expect(last.context.compare).toHaveLength(2);
    const form = ofFlow(put, 'flows/flowUpdated', 'form:contact').at(-1)!.payload as { value: unknown };
    expect(form.value).toBe('submitted');
  }, 30_000);

  it('a saga broken on purpose: the replay names the step and the event after which it first differs, not a whole diff', async () => {
    // The add from a card "forgets" to hand the server's basket to the store.
    const broken = jest.spyOn(basketAdd, 'addLineToBasket').mockImplementation(function* forgetsTheBasket(line) {
      return yield call(addToBasket, line);
    });
    try {
      // It goes another way: the events it then waits for never come; it ends after 1.5 s without any.
      const result = await replaySession(homePage, { idle: 1500 });
      const divergence = firstDivergence(result)!;
      const answer = result.steps.find((step) => step.event.startsWith('answer of addToBasket('))!;
      expect(divergence.step).toBe(answer.step);
      expect(divergence.after).toBe(answer.event);
      expect(divergence.source).toBe('basket');
      expect(divergence.recorded).toMatchObject({ type: 'basket/basketLoaded' });
      expect(divergence.replayed).toMatchObject({ type: 'basket/listAddFinished' });
      expect(() => expectSameAsRecorded(result)).toThrow(
        new RegExp(`^The replay differs from the recording at step ${answer.step} \\(after answer of addToBasket\\(.*\\)\\), in basket:\\n  recorded: \\{"type":"basket/basketLoaded".*\\n  replayed: \\{"type":"basket/listAddFinished".*$`),
      );
    } finally {
      broken.mockRestore();
    }
  }, 30_000);

  it('a recorded answer that no longer holds: the replay says where it goes another way', async () => {
    // The second add's answer is now a refusal: the sagas go another way from there.
    const session = JSON.parse(JSON.stringify(addFailsThenSucceeds)) as typeof addFailsThenSucceeds & { pages: Array<{ calls: Array<Record<string, unknown>> }> };
    const adds = session.pages[0].calls.filter((entry) => entry.fn === 'addToBasket');
    adds[1].error = adds[0].error;
    delete adds[1].result;
    const result = await replaySession(session, { idle: 1500 });
    const divergence = firstDivergence(result)!;
    expect(divergence.after).toBe('failure of addToBasket({"product":11,"size":"uniw","number":1})');
    expect(divergence.step).toBeGreaterThan(0);
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

  it('reads only the sessions the recorder writes, and says to record again an older one', async () => {
    await expect(replaySession({ version: 1, url: '/main.php', actions: [], calls: [] })).rejects.toThrow('a session of version 1: this replay reads version 2; record it again');
    await expect(replaySession({ version: 2, recordedAt: '', pages: [] })).rejects.toThrow('not a recorded session: expected pages, each with its url, actions and calls');
  });

  it('starts the sagas as the recorded page did: in steps on the held channel when the recording says so', async () => {
    expect(homePage.pages[0].startup).toBe('steps');
    // The same session replayed as if its sagas had all started at once: it fails where issue 33
    // saw it fail (step 0: the recorded steps' waits are never asked for, nothing is replayed).
    const allAtOnce = JSON.parse(JSON.stringify(homePage)) as { pages: Array<{ startup?: string }> };
    delete allAtOnce.pages[0].startup;
    const divergence = firstDivergence(await replaySession(allAtOnce, { idle: 1500 }))!;
    expect(divergence.step).toBe(0);
  }, 30_000);

  it('names the action the replay put at the differing step when it put nothing more of the recorded source', () => {
    const loaded = { type: 'basket/basketLoaded', payload: { productsCounter: 1 } };
    const alert = { type: 'alert/show', payload: { key: 'buy.added' } };
    const flow = { type: 'flows/flowUpdated', payload: { id: 'miniBasket', value: 'open' } };
    const result: ReplayResult = {
      steps: [
        { step: 0, event: 'start', puts: [], slices: [], changes: [] },
        { step: 1, event: 'answer of addToBasket({"product":11})', puts: [], slices: [], changes: [] },
      ],
      recorded: [{ after: 1, action: alert }, { after: 1, action: loaded }],
      put: [{ after: 1, action: alert }, { after: 1, action: flow }],
      unused: [],
    };
    expect(firstDivergence(result)).toEqual({ step: 1, after: 'answer of addToBasket({"product":11})', source: 'basket', recorded: loaded, replayed: null, instead: flow });
    expect(() => expectSameAsRecorded(result)).toThrow(
      'The replay differs from the recording at step 1 (after answer of addToBasket({"product":11})), in basket:\n' +
        '  recorded: {"type":"basket/basketLoaded","payload":{"productsCounter":1}}\n' +
        '  replayed: nothing of basket; instead {"type":"flows/flowUpdated","payload":{"id":"miniBasket","value":"open"}}',
    );
  });

  it('says how each step changed the store, value by value', async () => {
    expect(stateChanges({ basket: { count: 0, lines: [] }, page: { a: 1 } }, { basket: { count: 1, lines: [{ id: 11 }] }, page: { a: 1 } })).toEqual([
      { path: 'basket.count', before: 0, after: 1 },
      { path: 'basket.lines[0]', before: undefined, after: { id: 11 } },
    ]);
    const result = await replaySession(addFailsThenSucceeds);
    const add = result.steps.find((step) => step.event.startsWith('answer of addToBasket'))!;
    expect(add.changes.filter((change) => change.path.startsWith('basket.'))).not.toEqual([]);
    expect(describeSteps(result)).toMatch(/\n {5}state basket\.\S+: .* -> .*/);
  }, 30_000);
});
