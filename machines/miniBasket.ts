import { assign, emit, setup } from 'xstate';
import { miniBasketShowable, reachesListThreshold } from '../src/domain/miniBasket';

/**
 * The mini basket (top basket, brake-shop spec sections 2, 4, 8 and 9): a dialog over the page.
 * Visibility as section 4 says: hidden when empty; shown when forced (after an add from a list,
 * or asked from the header) or when the products reach the list threshold (10); hidden again
 * above the hide threshold (22). The first basket read of a page only sets the count (a page
 * load is not the products reaching anything).
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
  /** Whether a basket has been read yet (the first read sets the count, it does not "reach"). */
  known: boolean;
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
    showable: ({ context }) => miniBasketShowable(context.count),
    reachesList: ({ context, event }) => event.type === 'BASKET_CHANGED' && context.known && reachesListThreshold(context.count, event.count),
    hidden: ({ event }) => event.type === 'BASKET_CHANGED' && !miniBasketShowable(event.count),
    notRemoving: ({ context, event }) => event.type === 'REMOVE' && !context.removing.includes(event.key),
  },
  actions: {
    storeCount: assign({ count: ({ context, event }) => (event.type === 'BASKET_CHANGED' ? event.count : context.count), known: true }),
    startRemoving: assign({ removing: ({ context, event }) => (event.type === 'REMOVE' ? [...context.removing, event.key] : context.removing) }),
    stopRemoving: assign({
      removing: ({ context, event }) => ('key' in event ? context.removing.filter((key) => key !== event.key) : context.removing),
    }),
    requestRemove: emit(({ event }) => ({ type: 'remove' as const, key: event.type === 'REMOVE' ? event.key : '' })),
    reportFailure: emit(({ event }) => ({ type: 'removeFailed' as const, key: event.type === 'REMOVE_FAILED' ? event.key : '' })),
  },
}).createMachine({
  id: 'miniBasket',
  context: ({ input }) => ({ count: input?.count ?? 0, known: input?.count !== undefined, removing: [] }),
  initial: 'closed',
  on: {
    REMOVED: { actions: 'stopRemoving' },
    REMOVE_FAILED: { actions: ['stopRemoving', 'reportFailure'] },
  },
  states: {
    closed: {
      on: {
        OPEN: { guard: 'showable', target: 'open' },
        FORCE_OPEN: { guard: 'showable', target: 'open' },
        BASKET_CHANGED: [{ guard: 'reachesList', target: 'open', actions: 'storeCount' }, { actions: 'storeCount' }],
      },
    },
    open: {
      on: {
        CLOSE: { target: 'closed' },
        REMOVE: { guard: 'notRemoving', actions: ['startRemoving', 'requestRemove'] },
        // Emptied (the last row gone) or above the hide threshold: hidden again.
        BASKET_CHANGED: [{ guard: 'hidden', target: 'closed', actions: 'storeCount' }, { actions: 'storeCount' }],
      },
    },
  },
});
