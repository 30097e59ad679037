import { createActor } from 'xstate';
import { ADDED_SHOWN_MS, buyBoxMachine, DOUBLE_CLICK_GUARD_MS, type BuyBoxEmitted, type BuyBoxInput, type PriceMode } from '../../../machines/buyBox';
import type { BuyState } from '../../../src/domain/productOffer';

function start(input?: BuyBoxInput) {
  const actor = createActor(buyBoxMachine, { input });
  const emitted: BuyBoxEmitted[] = [];
  // Subscribed before start: a one-size box emits fetchSize on its first step.
  actor.on('*', (event: BuyBoxEmitted) => emitted.push(event));
  actor.start();
  return { actor, emitted, value: () => actor.getSnapshot().value, context: () => actor.getSnapshot().context };
}

/** A box with size `sizeId` chosen whose data arrived as `buyState`; emissions so far dropped. */
function ready(buyState: BuyState, sizeId = 'uniw', mode: PriceMode = 'normal') {
  const box = start({ sizeId, mode });
  box.actor.send({ type: 'SIZE_READY', sizeId, mode, buyState });
  box.emitted.length = 0;
  return box;
}

/** A box that was added once and shows "added" (settling inside the double-click guard). */
function added() {
  const box = ready('available');
  box.actor.send({ type: 'ADD' });
  box.actor.send({ type: 'ADDED' });
  box.emitted.length = 0;
  return box;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('buy box machine', () => {
  describe('start', () => {
    it('without a size: sizeNotChosen, nothing fetched', () => {
      const { value, emitted, context } = start();
      expect(value()).toBe('sizeNotChosen');
      expect(context()).toEqual({ sizeId: null, mode: 'normal' });
      expect(emitted).toEqual([]);
    });

    it('without a size, ADD asks to choose a size and stays', () => {
      const { actor, value, emitted } = start();
      actor.send({ type: 'ADD' });
      expect(value()).toBe('sizeNotChosen');
      expect(emitted).toEqual([{ type: 'alert', text: 'chooseSize' }]);
    });

    it('with a size (one-size product): sizeChosen.loading, fetching that size in the normal mode', () => {
      const { value, emitted, context } = start({ sizeId: 'uniw' });
      expect(value()).toEqual({ sizeChosen: 'loading' });
      expect(context()).toEqual({ sizeId: 'uniw', mode: 'normal' });
      expect(emitted).toEqual([{ type: 'fetchSize', sizeId: 'uniw', mode: 'normal' }]);
    });

    it('with a size and the subscription mode: fetches the subscription offer', () => {
      const { emitted } = start({ sizeId: 'uniw', mode: 'subscription' });
      expect(emitted).toEqual([{ type: 'fetchSize', sizeId: 'uniw', mode: 'subscription' }]);
    });

    it('choosing a size from sizeNotChosen loads it', () => {
      const { actor, value, emitted, context } = start();
      actor.send({ type: 'CHOOSE_SIZE', sizeId: 'M' });
      expect(value()).toEqual({ sizeChosen: 'loading' });
      expect(context().sizeId).toBe('M');
      expect(emitted).toEqual([{ type: 'fetchSize', sizeId: 'M', mode: 'normal' }]);
    });

    it('choosing the mode before a size only stores it; the size then loads in that mode', () => {
      const { actor, value, emitted } = start();
      actor.send({ type: 'CHOOSE_MODE', mode: 'subscription' });
      expect(value()).toBe('sizeNotChosen');
      expect(emitted).toEqual([]);
      actor.send({ type: 'CHOOSE_SIZE', sizeId: 'L' });
      expect(emitted).toEqual([{ type: 'fetchSize', sizeId: 'L', mode: 'subscription' }]);
    });
  });

  describe('SIZE_READY', () => {
    it.each(['available', 'unavailable', 'phonePrice', 'pointsOnly', 'gratis'] as const)('goes to %s', (buyState) => {
      const { actor, value, emitted } = start({ sizeId: 'uniw' });
      actor.send({ type: 'SIZE_READY', sizeId: 'uniw', mode: 'normal', buyState });
      expect(value()).toEqual({ sizeChosen: buyState });
      expect(emitted).toHaveLength(1);
    });

    it('an answer for another size is ignored', () => {
      const { actor, value } = start({ sizeId: 'S' });
      actor.send({ type: 'SIZE_READY', sizeId: 'M', mode: 'normal', buyState: 'available' });
      expect(value()).toEqual({ sizeChosen: 'loading' });
    });

    it('an answer for another mode is ignored', () => {
      const { actor, value } = start({ sizeId: 'uniw', mode: 'normal' });
      actor.send({ type: 'SIZE_READY', sizeId: 'uniw', mode: 'subscription', buyState: 'available' });
      expect(value()).toEqual({ sizeChosen: 'loading' });
    });

    it('a late answer for the size chosen before is ignored after a size change', () => {
      const { actor, value } = start({ sizeId: 'S' });
      actor.send({ type: 'CHOOSE_SIZE', sizeId: 'M' });
      actor.send({ type: 'SIZE_READY', sizeId: 'S', mode: 'normal', buyState: 'available' });
      expect(value()).toEqual({ sizeChosen: 'loading' });
      actor.send({ type: 'SIZE_READY', sizeId: 'M', mode: 'normal', buyState: 'unavailable' });
      expect(value()).toEqual({ sizeChosen: 'unavailable' });
    });

    it('SIZE_READY outside loading is ignored', () => {
      const { actor, value } = ready('available');
      actor.send({ type: 'SIZE_READY', sizeId: 'uniw', mode: 'normal', buyState: 'unavailable' });
      expect(value()).toEqual({ sizeChosen: 'available' });
    });
  });

  describe('reloading on a size or mode change', () => {
    it.each(['loading', 'available', 'unavailable', 'phonePrice', 'pointsOnly', 'gratis'] as const)('CHOOSE_SIZE in %s reloads the new size', (state) => {
      const box = state === 'loading' ? start({ sizeId: 'S' }) : ready(state, 'S');
      box.emitted.length = 0;
      box.actor.send({ type: 'CHOOSE_SIZE', sizeId: 'M' });
      expect(box.value()).toEqual({ sizeChosen: 'loading' });
      expect(box.context()).toEqual({ sizeId: 'M', mode: 'normal' });
      expect(box.emitted).toEqual([{ type: 'fetchSize', sizeId: 'M', mode: 'normal' }]);
    });

    it.each(['available', 'unavailable', 'phonePrice', 'pointsOnly', 'gratis'] as const)('CHOOSE_MODE in %s reloads in the new mode', (state) => {
      const box = ready(state, 'S');
      box.actor.send({ type: 'CHOOSE_MODE', mode: 'subscription' });
      expect(box.value()).toEqual({ sizeChosen: 'loading' });
      expect(box.context()).toEqual({ sizeId: 'S', mode: 'subscription' });
      expect(box.emitted).toEqual([{ type: 'fetchSize', sizeId: 'S', mode: 'subscription' }]);
    });

    it('choosing the same size again reloads it too', () => {
      const box = ready('available', 'S');
      box.actor.send({ type: 'CHOOSE_SIZE', sizeId: 'S' });
      expect(box.value()).toEqual({ sizeChosen: 'loading' });
      expect(box.emitted).toEqual([{ type: 'fetchSize', sizeId: 'S', mode: 'normal' }]);
    });

    it('a size change from added or failed reloads', () => {
      const fromAdded = added();
      fromAdded.actor.send({ type: 'CHOOSE_SIZE', sizeId: 'XL' });
      expect(fromAdded.value()).toEqual({ sizeChosen: 'loading' });
      expect(fromAdded.emitted).toEqual([{ type: 'fetchSize', sizeId: 'XL', mode: 'normal' }]);

      const fromFailed = ready('available');
      fromFailed.actor.send({ type: 'ADD' });
      fromFailed.actor.send({ type: 'ADD_FAILED' });
      fromFailed.emitted.length = 0;
      fromFailed.actor.send({ type: 'CHOOSE_MODE', mode: 'subscription' });
      expect(fromFailed.value()).toEqual({ sizeChosen: 'loading' });
      expect(fromFailed.emitted).toEqual([{ type: 'fetchSize', sizeId: 'uniw', mode: 'subscription' }]);
    });
  });

  describe('adding', () => {
    it('ADD in available goes to adding and emits add once with the size and mode', () => {
      const { actor, value, emitted } = ready('available', 'M', 'subscription');
      actor.send({ type: 'ADD' });
      expect(value()).toEqual({ sizeChosen: 'adding' });
      expect(emitted).toEqual([{ type: 'add', sizeId: 'M', mode: 'subscription' }]);
    });

    it('while adding, ADD, CHOOSE_SIZE and CHOOSE_MODE are ignored (a double click adds once)', () => {
      const { actor, value, emitted, context } = ready('available');
      actor.send({ type: 'ADD' });
      actor.send({ type: 'ADD' });
      actor.send({ type: 'CHOOSE_SIZE', sizeId: 'M' });
      actor.send({ type: 'CHOOSE_MODE', mode: 'subscription' });
      expect(value()).toEqual({ sizeChosen: 'adding' });
      expect(context()).toEqual({ sizeId: 'uniw', mode: 'normal' });
      expect(emitted).toEqual([{ type: 'add', sizeId: 'uniw', mode: 'normal' }]);
    });

    it('ADDED goes to added (settling inside the double-click guard)', () => {
      const { actor, value } = ready('available');
      actor.send({ type: 'ADD' });
      actor.send({ type: 'ADDED' });
      expect(value()).toEqual({ sizeChosen: { added: 'settling' } });
    });

    it(`an ADD inside the ${DOUBLE_CLICK_GUARD_MS} ms guard is ignored`, () => {
      const { actor, value, emitted } = added();
      jest.advanceTimersByTime(DOUBLE_CLICK_GUARD_MS - 1);
      actor.send({ type: 'ADD' });
      expect(value()).toEqual({ sizeChosen: { added: 'settling' } });
      expect(emitted).toEqual([]);
    });

    it('an ADD after the guard adds again', () => {
      const { actor, value, emitted } = added();
      jest.advanceTimersByTime(DOUBLE_CLICK_GUARD_MS);
      expect(value()).toEqual({ sizeChosen: { added: 'settled' } });
      actor.send({ type: 'ADD' });
      expect(value()).toEqual({ sizeChosen: 'adding' });
      expect(emitted).toEqual([{ type: 'add', sizeId: 'uniw', mode: 'normal' }]);
    });

    it(`added goes back to available after ${ADDED_SHOWN_MS} ms`, () => {
      expect(ADDED_SHOWN_MS).toBe(3000);
      const { value } = added();
      jest.advanceTimersByTime(ADDED_SHOWN_MS - 1);
      expect(value()).toEqual({ sizeChosen: { added: 'settled' } });
      jest.advanceTimersByTime(1);
      expect(value()).toEqual({ sizeChosen: 'available' });
    });

    it('a re-add from added cancels the 3000 ms timer of the first add', () => {
      const { actor, value } = added();
      jest.advanceTimersByTime(DOUBLE_CLICK_GUARD_MS);
      actor.send({ type: 'ADD' });
      jest.advanceTimersByTime(ADDED_SHOWN_MS);
      expect(value()).toEqual({ sizeChosen: 'adding' });
    });

    it('ADD_FAILED goes to failed; ADD there tries again', () => {
      const { actor, value, emitted } = ready('available');
      actor.send({ type: 'ADD' });
      actor.send({ type: 'ADD_FAILED' });
      expect(value()).toEqual({ sizeChosen: 'failed' });
      actor.send({ type: 'ADD' });
      expect(value()).toEqual({ sizeChosen: 'adding' });
      expect(emitted).toEqual([
        { type: 'add', sizeId: 'uniw', mode: 'normal' },
        { type: 'add', sizeId: 'uniw', mode: 'normal' },
      ]);
    });

    it('ADDED and ADD_FAILED outside adding are ignored', () => {
      const { actor, value, emitted } = ready('available');
      actor.send({ type: 'ADDED' });
      actor.send({ type: 'ADD_FAILED' });
      expect(value()).toEqual({ sizeChosen: 'available' });
      expect(emitted).toEqual([]);
    });

    it('ADD while loading does nothing', () => {
      const box = start({ sizeId: 'uniw' });
      box.emitted.length = 0;
      box.actor.send({ type: 'ADD' });
      expect(box.value()).toEqual({ sizeChosen: 'loading' });
      expect(box.emitted).toEqual([]);
    });
  });

  describe('states that cannot be bought', () => {
    it.each([
      ['unavailable', 'unavailable'],
      ['phonePrice', 'phonePrice'],
      ['pointsOnly', 'pointsOnly'],
    ] as const)('ADD in %s emits the %s alert and stays', (state, text) => {
      const { actor, value, emitted } = ready(state);
      actor.send({ type: 'ADD' });
      actor.send({ type: 'ADD' });
      expect(value()).toEqual({ sizeChosen: state });
      expect(emitted).toEqual([
        { type: 'alert', text },
        { type: 'alert', text },
      ]);
    });

    it('ADD in gratis (buy section hidden) does nothing', () => {
      const { actor, value, emitted } = ready('gratis');
      actor.send({ type: 'ADD' });
      expect(value()).toEqual({ sizeChosen: 'gratis' });
      expect(emitted).toEqual([]);
    });
  });
});
