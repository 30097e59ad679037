import { assign, emit, setup } from 'xstate';
import { miniBasketView } from '../src/domain/miniBasket';

/**
 * The mini basket (top basket, brake-shop spec sections 2, 4 and 8): a dialog over the page,
 * opened from the header or forced open after an add; never open while the basket is empty.
 * Closes on the close control, the back control, the backdrop or Escape. Each row can be
 * removed (GraphQL mutation): the row shows loading; on success it goes, and the panel closes
 * when no row remains; on failure the row comes back and an error is shown for 4000 ms.
 */
export type MiniBasketEvent =
  | { type: 'OPEN' }
  | { type: 'FORCE_OPEN' }
  | { type: 'CLOSE' }
  | { type: 'BASKET_CHANGED'; count: number }
  | { type: 'REMOVE'; key: string }
  | { type: 'REMOVED'; key: string }
  | { type: 'REMOVE_FAILED'; key: string };

export type MiniBasketEmitted = { type: 'remove'; key: string } | { type: 'removeFailed'; key: string };

export interface MiniBasketContext {
  count: number;
  /** Rows whose removal is on its way. */
  removing: string[];
}

export const miniBasketMachine = setup({
  types: {
    context: {} as MiniBasketContext,
    events: {} as MiniBasketEvent,
    emitted: {} as MiniBasketEmitted,
    input: {} as { count?: number } | undefined,
  },
  guards: {
    hasProducts: ({ context }) => miniBasketView(context.count) !== 'empty',
    emptied: ({ event }) => event.type === 'BASKET_CHANGED' && miniBasketView(event.count) === 'empty',
    notRemoving: ({ context, event }) => event.type === 'REMOVE' && !context.removing.includes(event.key),
  },
  actions: {
    storeCount: assign({ count: ({ context, event }) => (event.type === 'BASKET_CHANGED' ? event.count : context.count) }),
    startRemoving: assign({ removing: ({ context, event }) => (event.type === 'REMOVE' ? [...context.removing, event.key] : context.removing) }),
    stopRemoving: assign({
      removing: ({ context, event }) => ('key' in event ? context.removing.filter((key) => key !== event.key) : context.removing),
    }),
    requestRemove: emit(({ event }) => ({ type: 'remove' as const, key: event.type === 'REMOVE' ? event.key : '' })),
    reportFailure: emit(({ event }) => ({ type: 'removeFailed' as const, key: event.type === 'REMOVE_FAILED' ? event.key : '' })),
  },
}).createMachine({
  id: 'miniBasket',
  context: ({ input }) => ({ count: input?.count ?? 0, removing: [] }),
  initial: 'closed',
  on: {
    BASKET_CHANGED: { actions: 'storeCount' },
    REMOVED: { actions: 'stopRemoving' },
    REMOVE_FAILED: { actions: ['stopRemoving', 'reportFailure'] },
  },
  states: {
    closed: {
      on: {
        OPEN: { guard: 'hasProducts', target: 'open' },
        FORCE_OPEN: { guard: 'hasProducts', target: 'open' },
      },
    },
    open: {
      on: {
        CLOSE: { target: 'closed' },
        REMOVE: { guard: 'notRemoving', actions: ['startRemoving', 'requestRemove'] },
        // The last row gone: nothing left to show.
        BASKET_CHANGED: [{ guard: 'emptied', target: 'closed', actions: 'storeCount' }, { actions: 'storeCount' }],
      },
    },
  },
});
