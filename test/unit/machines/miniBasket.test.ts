import { createActor } from 'xstate';
import { miniBasketMachine, type MiniBasketEmitted } from '../../../machines/miniBasket';
import { BASKET_LIST_HIDDEN_ABOVE, BASKET_LIST_MODE_FROM, lineKey, miniBasketView } from '../../../src/domain/miniBasket';
import fc from 'fast-check';

/** `unknown` starts before the page's first basket read. */
function start(count: number | 'unknown' = 0) {
  const actor = createActor(miniBasketMachine, { input: count === 'unknown' ? {} : { count } });
  const emitted: MiniBasketEmitted[] = [];
  actor.on('*', (event) => emitted.push(event as MiniBasketEmitted));
  actor.start();
  return { actor, emitted, value: () => actor.getSnapshot().value, context: () => actor.getSnapshot().context };
}

describe('mini basket view (thresholds)', () => {
  it('is empty without products, full below 10, a list from 10 to 22, a summary above 22', () => {
    expect(miniBasketView(0)).toBe('empty');
    expect(miniBasketView(1)).toBe('full');
    expect(miniBasketView(BASKET_LIST_MODE_FROM - 1)).toBe('full');
    expect(miniBasketView(BASKET_LIST_MODE_FROM)).toBe('list');
    expect(miniBasketView(BASKET_LIST_HIDDEN_ABOVE)).toBe('list');
    expect(miniBasketView(BASKET_LIST_HIDDEN_ABOVE + 1)).toBe('summary');
  });

  it('never lists more rows than its mode allows (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 500 }), (count) => {
        const view = miniBasketView(count);
        if (count <= 0) return view === 'empty';
        if (count > BASKET_LIST_HIDDEN_ABOVE) return view === 'summary';
        return view === (count >= BASKET_LIST_MODE_FROM ? 'list' : 'full');
      }),
    );
  });

  it('keys a line by product, size and variant', () => {
    expect(lineKey({ id: 5, size: 'uniw', md5_additional: '' })).toBe('5|uniw|');
    expect(lineKey({ id: 5, size: 'S1', additional: 'ab' })).toBe('5|S1|ab');
  });
});

describe('mini basket machine', () => {
  it('does not open while the basket is empty, forced or not', () => {
    const { actor, value } = start(0);
    actor.send({ type: 'OPEN' });
    expect(value()).toBe('closed');
    actor.send({ type: 'FORCE_OPEN' });
    expect(value()).toBe('closed');
  });

  it('opens from the header and when forced after an add, once the basket has products', () => {
    const { actor, value } = start(0);
    actor.send({ type: 'BASKET_CHANGED', count: 1 });
    actor.send({ type: 'FORCE_OPEN' });
    expect(value()).toBe('open');
    actor.send({ type: 'CLOSE' });
    expect(value()).toBe('closed');
    actor.send({ type: 'OPEN' });
    expect(value()).toBe('open');
  });

  it('removes a row once: a second click on the same row while it goes does nothing', () => {
    const { actor, emitted, context } = start(2);
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'REMOVE', key: '1|uniw|' });
    actor.send({ type: 'REMOVE', key: '1|uniw|' });
    expect(emitted).toEqual([{ type: 'remove', key: '1|uniw|' }]);
    expect(context().removing).toEqual(['1|uniw|']);
    actor.send({ type: 'REMOVE', key: '2|uniw|' });
    expect(context().removing).toEqual(['1|uniw|', '2|uniw|']);
  });

  it('drops the row from removing on success, and closes when no row remains', () => {
    const { actor, context, value } = start(1);
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'REMOVE', key: '1|uniw|' });
    actor.send({ type: 'BASKET_CHANGED', count: 0 });
    actor.send({ type: 'REMOVED', key: '1|uniw|' });
    expect(context().removing).toEqual([]);
    expect(value()).toBe('closed');
  });

  it('stays open when rows remain after a removal', () => {
    const { actor, value } = start(2);
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'REMOVE', key: '1|uniw|' });
    actor.send({ type: 'BASKET_CHANGED', count: 1 });
    actor.send({ type: 'REMOVED', key: '1|uniw|' });
    expect(value()).toBe('open');
  });

  it('a failed removal gives the row back and reports it', () => {
    const { actor, emitted, context, value } = start(1);
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'REMOVE', key: '1|uniw|' });
    actor.send({ type: 'REMOVE_FAILED', key: '1|uniw|' });
    expect(context().removing).toEqual([]);
    expect(emitted).toContainEqual({ type: 'removeFailed', key: '1|uniw|' });
    expect(value()).toBe('open');
  });

  it('ignores REMOVE while closed', () => {
    const { actor, emitted } = start(3);
    actor.send({ type: 'REMOVE', key: '1|uniw|' });
    expect(emitted).toEqual([]);
  });

  it('follows the count while closed, so a later OPEN knows whether there is anything to show', () => {
    const { actor, value, context } = start(3);
    actor.send({ type: 'BASKET_CHANGED', count: 0 });
    expect(context().count).toBe(0);
    actor.send({ type: 'OPEN' });
    expect(value()).toBe('closed');
  });

  describe('visibility (section 4, thresholds of section 9)', () => {
    it('stays hidden while empty: asked, forced or after the first read', () => {
      const { actor, value } = start('unknown');
      actor.send({ type: 'BASKET_CHANGED', count: 0 });
      actor.send({ type: 'OPEN' });
      actor.send({ type: 'FORCE_OPEN' });
      expect(value()).toBe('closed');
    });

    it('is shown when forced (an add from a list)', () => {
      const { actor, value } = start(0);
      actor.send({ type: 'BASKET_CHANGED', count: 1 });
      expect(value()).toBe('closed');
      actor.send({ type: 'FORCE_OPEN' });
      expect(value()).toBe('open');
    });

    it('is shown when the products reach the list threshold (9 -> 10)', () => {
      const { actor, value } = start(BASKET_LIST_MODE_FROM - 1);
      actor.send({ type: 'BASKET_CHANGED', count: BASKET_LIST_MODE_FROM });
      expect(value()).toBe('open');
    });

    it('is not shown by a change that stays below the list threshold (8 -> 9)', () => {
      const { actor, value } = start(BASKET_LIST_MODE_FROM - 2);
      actor.send({ type: 'BASKET_CHANGED', count: BASKET_LIST_MODE_FROM - 1 });
      expect(value()).toBe('closed');
    });

    it('is not shown by the page\u2019s first basket read, even at the list threshold', () => {
      const { actor, value } = start('unknown');
      actor.send({ type: 'BASKET_CHANGED', count: 12 });
      expect(value()).toBe('closed');
      actor.send({ type: 'OPEN' });
      expect(value()).toBe('open');
    });

    it('is hidden again above the hide threshold (22 -> 23), and cannot be opened or forced there', () => {
      const { actor, value } = start(BASKET_LIST_HIDDEN_ABOVE);
      actor.send({ type: 'OPEN' });
      expect(value()).toBe('open');
      actor.send({ type: 'BASKET_CHANGED', count: BASKET_LIST_HIDDEN_ABOVE + 1 });
      expect(value()).toBe('closed');
      actor.send({ type: 'OPEN' });
      actor.send({ type: 'FORCE_OPEN' });
      expect(value()).toBe('closed');
    });

    it('is not shown by jumping from below 10 to above 22 in one change', () => {
      const { actor, value } = start(3);
      actor.send({ type: 'BASKET_CHANGED', count: BASKET_LIST_HIDDEN_ABOVE + 5 });
      expect(value()).toBe('closed');
    });

    it('is shown again once the products come back to 22 or fewer, when asked', () => {
      const { actor, value } = start(BASKET_LIST_HIDDEN_ABOVE + 1);
      actor.send({ type: 'BASKET_CHANGED', count: BASKET_LIST_HIDDEN_ABOVE });
      expect(value()).toBe('closed');
      actor.send({ type: 'OPEN' });
      expect(value()).toBe('open');
    });

    it('is hidden when emptied while shown', () => {
      const { actor, value } = start(4);
      actor.send({ type: 'FORCE_OPEN' });
      actor.send({ type: 'BASKET_CHANGED', count: 0 });
      expect(value()).toBe('closed');
    });
  });
});
