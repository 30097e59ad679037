import { assign, setup } from 'xstate';

/**
 * The sticky header (brake-parts spec, section 2): static, or fixed to the top of the window
 * once the page is scrolled beyond the header's height plus its bottom margin on views above 2
 * (`isHeaderFixed`). While fixed, `height` is the space kept in the page where the header
 * was, so nothing below it moves.
 */
export type StickyHeaderEvent = { type: 'SCROLLED'; fixed: boolean; height: number };

export const stickyHeaderMachine = setup({
  types: {
    context: {} as { height: number },
    events: {} as StickyHeaderEvent,
  },
  guards: {
    shouldFix: ({ event }) => event.fixed,
  },
  actions: {
    reserveHeight: assign({ height: ({ event }) => event.height }),
    releaseHeight: assign({ height: 0 }),
  },
}).createMachine({
  id: 'stickyHeader',
  context: { height: 0 },
  initial: 'static',
  states: {
    static: {
      on: { SCROLLED: { guard: 'shouldFix', target: 'fixed', actions: 'reserveHeight' } },
    },
    fixed: {
      on: { SCROLLED: { guard: ({ event }) => !event.fixed, target: 'static', actions: 'releaseHeight' } },
    },
  },
});
