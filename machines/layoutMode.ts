import { emit, setup, assign } from 'xstate';

/**
 * Layout mode (storefront spec, sections 2 and 4): 1 mobile, 2 tablet, 3 and 4 desktop, read
 * from the width of the hidden view-type element and re-evaluated on resize. Entering a new
 * mode emits `modeEntered`, on which the handlers registered for that mode re-run.
 */
export type LayoutModeNumber = 1 | 2 | 3 | 4;

export type LayoutModeEvent = { type: 'VIEW_MEASURED'; mode: LayoutModeNumber };
export type LayoutModeEmitted = { type: 'modeEntered'; mode: LayoutModeNumber };

export const layoutModeMachine = setup({
  types: {
    context: {} as { mode: LayoutModeNumber | null },
    events: {} as LayoutModeEvent,
    emitted: {} as LayoutModeEmitted,
  },
  guards: {
    isSameMode: ({ context, event }) => context.mode === event.mode,
    isMobile: ({ event }) => event.mode === 1,
    isTablet: ({ event }) => event.mode === 2,
  },
  actions: {
    storeMode: assign({ mode: ({ event }) => event.mode }),
    announceMode: emit(({ event }) => ({ type: 'modeEntered' as const, mode: event.mode })),
  },
}).createMachine({
  id: 'layoutMode',
  context: { mode: null },
  initial: 'unmeasured',
  on: {
    VIEW_MEASURED: [
      // The same mode again (a resize within one breakpoint band): nothing to re-run.
      { guard: 'isSameMode' },
      { guard: 'isMobile', target: '.mobile', actions: ['storeMode', 'announceMode'] },
      { guard: 'isTablet', target: '.tablet', actions: ['storeMode', 'announceMode'] },
      { target: '.desktop', actions: ['storeMode', 'announceMode'] },
    ],
  },
  states: {
    unmeasured: {},
    mobile: {},
    tablet: {},
    desktop: {},
  },
});
