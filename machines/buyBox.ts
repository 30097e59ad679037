import { assign, emit, setup } from 'xstate';
import type { BuyState } from '../src/domain/productOffer';

/**
 * The product page's buy box (storefront spec, sections 4 and 8). A size is chosen (by the
 * shopper, or at once for a one-size product); its data loads lazily per size and price mode;
 * the box is then available, unavailable, phone-price, points-only or gratis. Adding posts to
 * the basket once: while adding, further clicks are ignored (a double click adds once).
 */
export type PriceMode = 'normal' | 'subscription';

export const ADDED_SHOWN_MS = 3000;
/** Right after an add, a click is the second half of a double click, not a second add. */
export const DOUBLE_CLICK_GUARD_MS = 500;

export type BuyBoxEvent =
  | { type: 'CHOOSE_SIZE'; sizeId: string }
  | { type: 'CHOOSE_MODE'; mode: PriceMode }
  | { type: 'SIZE_READY'; sizeId: string; mode: PriceMode; buyState: BuyState }
  | { type: 'ADD' }
  | { type: 'ADDED' }
  | { type: 'ADD_FAILED' };

/** Alert texts the box asks for (i18n keys under `buy.`). */
export type BuyBoxAlert = 'chooseSize' | 'unavailable' | 'phonePrice' | 'pointsOnly';

export type BuyBoxEmitted =
  | { type: 'fetchSize'; sizeId: string; mode: PriceMode }
  | { type: 'add'; sizeId: string; mode: PriceMode }
  | { type: 'alert'; text: BuyBoxAlert };

export interface BuyBoxContext {
  sizeId: string | null;
  mode: PriceMode;
}

export interface BuyBoxInput {
  /** Given for a one-size product: chosen from the start. */
  sizeId?: string | null;
  mode?: PriceMode;
}

export const buyBoxMachine = setup({
  types: {
    context: {} as BuyBoxContext,
    events: {} as BuyBoxEvent,
    emitted: {} as BuyBoxEmitted,
    input: {} as BuyBoxInput | undefined,
  },
  guards: {
    hasSize: ({ context }) => context.sizeId !== null,
    /** The answer is for the size and mode chosen now, and puts the box in `state`. */
    readyAs: ({ context, event }, state: BuyState) =>
      event.type === 'SIZE_READY' && event.sizeId === context.sizeId && event.mode === context.mode && event.buyState === state,
  },
  actions: {
    storeSize: assign({ sizeId: ({ event, context }) => (event.type === 'CHOOSE_SIZE' ? event.sizeId : context.sizeId) }),
    storeMode: assign({ mode: ({ event, context }) => (event.type === 'CHOOSE_MODE' ? event.mode : context.mode) }),
    fetchSize: emit(({ context }) => ({ type: 'fetchSize' as const, sizeId: context.sizeId!, mode: context.mode })),
    add: emit(({ context }) => ({ type: 'add' as const, sizeId: context.sizeId!, mode: context.mode })),
    alert: emit((_, text: BuyBoxAlert) => ({ type: 'alert' as const, text })),
  },
  delays: { addedShown: ADDED_SHOWN_MS, doubleClickGuard: DOUBLE_CLICK_GUARD_MS },
}).createMachine({
  id: 'buyBox',
  context: ({ input }) => ({ sizeId: input?.sizeId ?? null, mode: input?.mode ?? 'normal' }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasSize', target: 'sizeChosen' }, { target: 'sizeNotChosen' }],
    },
    sizeNotChosen: {
      on: {
        CHOOSE_SIZE: { target: 'sizeChosen', actions: 'storeSize' },
        CHOOSE_MODE: { actions: 'storeMode' },
        ADD: { actions: { type: 'alert', params: 'chooseSize' } },
      },
    },
    sizeChosen: {
      initial: 'loading',
      on: {
        CHOOSE_SIZE: { target: '.loading', reenter: true, actions: 'storeSize' },
        CHOOSE_MODE: { target: '.loading', reenter: true, actions: 'storeMode' },
      },
      states: {
        loading: {
          entry: 'fetchSize',
          on: {
            // An answer for an earlier size or mode is ignored.
            SIZE_READY: (['available', 'unavailable', 'phonePrice', 'pointsOnly', 'gratis'] as const).map((state) => ({
              guard: { type: 'readyAs' as const, params: state },
              target: state,
            })),
          },
        },
        available: {
          on: { ADD: { target: 'adding', actions: 'add' } },
        },
        unavailable: {
          on: { ADD: { actions: { type: 'alert', params: 'unavailable' } } },
        },
        phonePrice: {
          on: { ADD: { actions: { type: 'alert', params: 'phonePrice' } } },
        },
        pointsOnly: {
          on: { ADD: { actions: { type: 'alert', params: 'pointsOnly' } } },
        },
        /** The buy section is hidden. */
        gratis: {},
        adding: {
          // A second click while the first add is on its way does nothing; so does a size change.
          on: {
            ADD: {},
            CHOOSE_SIZE: {},
            CHOOSE_MODE: {},
            ADDED: { target: 'added' },
            ADD_FAILED: { target: 'failed' },
          },
        },
        added: {
          after: { addedShown: { target: 'available' } },
          initial: 'settling',
          states: {
            // A fast answer can come back between the two clicks of a double click.
            settling: { after: { doubleClickGuard: { target: 'settled' } } },
            settled: { on: { ADD: { target: '#buyBox.sizeChosen.adding', actions: 'add' } } },
          },
        },
        failed: {
          on: { ADD: { target: 'adding', actions: 'add' } },
        },
      },
    },
  },
});
