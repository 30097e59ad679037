import { setup, transition, type SnapshotFrom } from 'xstate';

/**
 * An order's status as the shop's owner moves it (issue 36): one statechart that the server
 * consults to allow or refuse a change (server/orders/orderAdmin.ts) and the back office reads to
 * offer only the changes allowed now. What a shop owner expects:
 *
 * - a bank transfer (or instalments) starts `awaiting_payment`; the owner marks it `paid` when the
 *   money arrives, then packs it; cash on delivery starts `new` and goes straight to `packed`;
 * - `shipped` needs the courier's tracking number (the shopper is mailed it), then `delivered`;
 * - `cancelled` while nothing was paid and nothing left the shop (new, awaiting payment, or a
 *   cash-on-delivery order packed): its stock comes back;
 * - `refunded` only once paid: from paid or packed (the goods are still here: the stock comes
 *   back), from shipped or delivered (a return: the stock is counted again by hand), and a
 *   cash-on-delivery order once delivered (the courier collected the money).
 *
 * The state names are the `orders.status` values. The machine is pure: no IO; the server runs the
 * effects a transition names (`returnsStock`, `mailsTracking`).
 */
export const ORDER_STATUSES = ['new', 'awaiting_payment', 'paid', 'packed', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_EVENTS = ['MARK_PAID', 'PACK', 'SHIP', 'DELIVER', 'CANCEL', 'REFUND'] as const;
export type OrderStatusEventType = (typeof ORDER_STATUS_EVENTS)[number];

export type OrderPayment = 'transfer' | 'cod' | 'instalments';

/** The longest tracking number kept (couriers' numbers are 10 to 30 characters). */
export const TRACKING_MAX = 64;

export interface OrderStatusContext {
  payment: OrderPayment;
}

export type OrderStatusEvent =
  | { type: 'MARK_PAID' }
  | { type: 'PACK' }
  | { type: 'SHIP'; tracking: string }
  | { type: 'DELIVER' }
  | { type: 'CANCEL' }
  | { type: 'REFUND' };

/** A tracking number as a courier writes it: letters, digits, dashes and spaces, at most TRACKING_MAX. */
export function validTracking(tracking: unknown): tracking is string {
  return typeof tracking === 'string' && /^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(tracking.trim()) && tracking.trim().length <= TRACKING_MAX;
}

export const orderStatusMachine = setup({
  types: { context: {} as OrderStatusContext, events: {} as OrderStatusEvent, input: {} as { payment: OrderPayment } },
  guards: {
    paysOnDelivery: ({ context }) => context.payment === 'cod',
    paysInAdvance: ({ context }) => context.payment !== 'cod',
    hasTracking: ({ event }) => event.type === 'SHIP' && validTracking(event.tracking),
  },
  actions: {
    // Effects the server runs in the transition's transaction (named here, run there).
    returnsStock: () => undefined,
    mailsTracking: () => undefined,
  },
}).createMachine({
  id: 'orderStatus',
  context: ({ input }) => ({ payment: input.payment }),
  initial: 'placed',
  states: {
    // Where an order starts: paid in advance waits for the money, cash on delivery is new.
    placed: { always: [{ guard: 'paysOnDelivery', target: 'new' }, { target: 'awaiting_payment' }] },
    new: {
      on: {
        PACK: 'packed',
        CANCEL: { target: 'cancelled', actions: 'returnsStock' },
      },
    },
    awaiting_payment: {
      on: {
        MARK_PAID: 'paid',
        CANCEL: { target: 'cancelled', actions: 'returnsStock' },
      },
    },
    paid: {
      on: {
        PACK: 'packed',
        REFUND: { target: 'refunded', actions: 'returnsStock' },
      },
    },
    packed: {
      on: {
        SHIP: { guard: 'hasTracking', target: 'shipped', actions: 'mailsTracking' },
        CANCEL: { guard: 'paysOnDelivery', target: 'cancelled', actions: 'returnsStock' },
        REFUND: { guard: 'paysInAdvance', target: 'refunded', actions: 'returnsStock' },
      },
    },
    shipped: {
      on: {
        DELIVER: 'delivered',
        REFUND: { guard: 'paysInAdvance', target: 'refunded' },
      },
    },
    delivered: {
      on: { REFUND: 'refunded' },
    },
    cancelled: { type: 'final' },
    refunded: { type: 'final' },
  },
});

export type OrderStatusSnapshot = SnapshotFrom<typeof orderStatusMachine>;

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function isOrderStatusEvent(value: unknown): value is OrderStatusEventType {
  return typeof value === 'string' && (ORDER_STATUS_EVENTS as readonly string[]).includes(value);
}

export type OrderStatusDecision =
  | { ok: true; from: OrderStatus; to: OrderStatus; returnsStock: boolean; mailsTracking: boolean }
  | { ok: false; from: OrderStatus };

/** The machine's snapshot of an order in `status` (as stored) paid by `payment`. */
export function orderStatusSnapshot(status: OrderStatus, payment: OrderPayment): OrderStatusSnapshot {
  return orderStatusMachine.resolveState({ value: status, context: { payment } });
}

/**
 * Whether `event` may move an order from `status`, and to what with which effects: what the
 * server applies (in one transaction) and the back office offers, both from the one statechart.
 */
export function decideOrderStatusChange(status: OrderStatus, payment: OrderPayment, event: OrderStatusEvent): OrderStatusDecision {
  const snapshot = orderStatusSnapshot(status, payment);
  if (!snapshot.can(event)) return { ok: false, from: status };
  const [next, actions] = transition(orderStatusMachine, snapshot, event);
  const names = actions.map((action) => action.type);
  return { ok: true, from: status, to: next.value as OrderStatus, returnsStock: names.includes('returnsStock'), mailsTracking: names.includes('mailsTracking') };
}

/** The changes the owner may make now (SHIP offered with the tracking number still to type). */
export function allowedOrderEvents(status: OrderStatus, payment: OrderPayment): OrderStatusEventType[] {
  const snapshot = orderStatusSnapshot(status, payment);
  return ORDER_STATUS_EVENTS.filter((type) => snapshot.can(type === 'SHIP' ? { type, tracking: 'TRACKING' } : ({ type } as OrderStatusEvent)));
}
