import { assign, emit, setup } from 'xstate';

/**
 * The checkout (issue 32): details, delivery, payment, then the review of the server's amounts,
 * placing the order, and placed; `failed` when the order was refused or did not go through (a
 * retry sends the same checkout key: at most one order), `changed` when prices or stock moved
 * since the review (the new amounts are shown and the shopper confirms again). While reviewing
 * or placing, a further submit is ignored (brake-shop spec section 4: "forms get a submitting
 * state on submit and block further submits"). The machine asks for work by emitting; the
 * checkout saga answers (sagas/checkout.ts).
 */
export type CheckoutStep = 'details' | 'delivery' | 'payment';

export interface CheckoutContext {
  /** The field of the first error the last check found, or null. */
  errorField: string | null;
  /** The order's page once placed. */
  link: string | null;
}

export type CheckoutEvent =
  | { type: 'COURIERS_LOADED'; chosen: boolean }
  | { type: 'COURIER_CHOSEN' }
  | { type: 'PAYMENT_CHOSEN' }
  | { type: 'REVIEW' }
  | { type: 'REVIEWED' }
  | { type: 'INVALID'; field: string; step: CheckoutStep }
  | { type: 'PLACE' }
  | { type: 'PLACED'; link: string }
  | { type: 'CHANGED' }
  | { type: 'REFUSED' }
  | { type: 'EDIT' };

export type CheckoutEmitted = { type: 'review' } | { type: 'place' } | { type: 'focusError'; field: string } | { type: 'showOrder'; link: string } | { type: 'showReview' };

export const checkoutMachine = setup({
  types: { context: {} as CheckoutContext, events: {} as CheckoutEvent, emitted: {} as CheckoutEmitted },
  guards: {
    courierAlreadyChosen: ({ event }) => event.type === 'COURIERS_LOADED' && event.chosen,
    errorInDetails: ({ event }) => event.type === 'INVALID' && event.step === 'details',
    errorInDelivery: ({ event }) => event.type === 'INVALID' && event.step === 'delivery',
  },
  actions: {
    requestReview: emit({ type: 'review' as const }),
    requestPlace: emit({ type: 'place' as const }),
    takeError: assign(({ event }) => (event.type === 'INVALID' ? { errorField: event.field } : {})),
    clearError: assign({ errorField: null }),
    focusError: emit(({ context }) => ({ type: 'focusError' as const, field: context.errorField ?? '' })),
    takeLink: assign(({ event }) => (event.type === 'PLACED' ? { link: event.link } : {})),
    showOrder: emit(({ context }) => ({ type: 'showOrder' as const, link: context.link ?? '' })),
    showReview: emit({ type: 'showReview' as const }),
  },
}).createMachine({
  id: 'checkout',
  context: { errorField: null, link: null },
  initial: 'details',
  states: {
    details: {
      on: {
        COURIERS_LOADED: [{ guard: 'courierAlreadyChosen', target: 'payment' }, { target: 'delivery' }],
        COURIER_CHOSEN: 'payment',
        REVIEW: { target: 'reviewing', actions: ['clearError', 'requestReview'] },
      },
    },
    delivery: {
      on: {
        COURIER_CHOSEN: 'payment',
        REVIEW: { target: 'reviewing', actions: ['clearError', 'requestReview'] },
      },
    },
    payment: {
      on: {
        COURIERS_LOADED: [{ guard: 'courierAlreadyChosen' }, { target: 'delivery' }],
        PAYMENT_CHOSEN: {},
        REVIEW: { target: 'reviewing', actions: ['clearError', 'requestReview'] },
      },
    },
    // Submitting: the review is being asked for; further submits are ignored.
    reviewing: {
      on: {
        REVIEWED: { target: 'review', actions: 'showReview' },
        INVALID: [
          { guard: 'errorInDetails', target: 'details', actions: ['takeError', 'focusError'] },
          { guard: 'errorInDelivery', target: 'delivery', actions: ['takeError', 'focusError'] },
          { target: 'payment', actions: ['takeError', 'focusError'] },
        ],
        REFUSED: 'failed',
      },
    },
    review: {
      on: {
        PLACE: { target: 'placing', actions: 'requestPlace' },
        EDIT: 'details',
      },
    },
    // Submitting: the order is being placed; further submits (a double click) are ignored.
    placing: {
      on: {
        PLACED: { target: 'placed', actions: ['takeLink', 'showOrder'] },
        CHANGED: { target: 'changed', actions: 'showReview' },
        REFUSED: 'failed',
        INVALID: [
          { guard: 'errorInDetails', target: 'details', actions: ['takeError', 'focusError'] },
          { guard: 'errorInDelivery', target: 'delivery', actions: ['takeError', 'focusError'] },
          { target: 'payment', actions: ['takeError', 'focusError'] },
        ],
      },
    },
    // Prices or stock moved since the review: the new amounts are shown; the shopper confirms again.
    changed: {
      on: {
        PLACE: { target: 'placing', actions: 'requestPlace' },
        EDIT: 'details',
      },
    },
    failed: {
      on: {
        PLACE: { target: 'placing', actions: 'requestPlace' },
        REVIEW: { target: 'reviewing', actions: ['clearError', 'requestReview'] },
        EDIT: 'details',
      },
    },
    placed: { type: 'final' },
  },
});
