import { assign, setup } from 'xstate';

/**
 * A tooltip (spec section 2, WAI-ARIA's tooltip pattern): shown while its trigger is hovered or
 * focused, hidden once neither is, and hidden by Escape until the pointer or focus comes back.
 * A component's own state with no side effect, so the component runs it itself
 * (`useMachine` of @xstate/react, src/components/Tooltip.tsx), not a flow in the store.
 */
export type TooltipEvent = { type: 'POINTER_ENTER' } | { type: 'POINTER_LEAVE' } | { type: 'FOCUS' } | { type: 'BLUR' } | { type: 'ESCAPE' };

export const tooltipMachine = setup({
  types: {
    context: {} as { hovered: boolean; focused: boolean },
    events: {} as TooltipEvent,
  },
  guards: {
    stillFocused: ({ context }) => context.focused,
    stillHovered: ({ context }) => context.hovered,
  },
}).createMachine({
  id: 'tooltip',
  context: { hovered: false, focused: false },
  initial: 'hidden',
  on: {
    POINTER_ENTER: { target: '.shown', actions: assign({ hovered: true }) },
    FOCUS: { target: '.shown', actions: assign({ focused: true }) },
  },
  states: {
    hidden: {
      on: {
        POINTER_LEAVE: { actions: assign({ hovered: false }) },
        BLUR: { actions: assign({ focused: false }) },
      },
    },
    shown: {
      on: {
        // The pointer leaves a focused trigger: the tip stays for the keyboard's user.
        POINTER_LEAVE: [
          { guard: 'stillFocused', actions: assign({ hovered: false }) },
          { target: 'hidden', actions: assign({ hovered: false }) },
        ],
        // Focus leaves a hovered trigger: the tip stays under the pointer.
        BLUR: [
          { guard: 'stillHovered', actions: assign({ focused: false }) },
          { target: 'hidden', actions: assign({ focused: false }) },
        ],
        ESCAPE: { target: 'hidden' },
      },
    },
  },
});
