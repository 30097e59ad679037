import type { OrderView, PaymentId } from '../../src/api/checkoutWire';
import { formatCents } from '../money';
import type { OrderRow } from './tables';

/**
 * The ways to pay, behind one small interface so a card provider can be added later (its
 * `instructions` would name the provider's payment page). None is faked: a bank transfer waits for
 * the owner to see the money arrive; cash on delivery is collected by the courier; instalments
 * send the shopper to the instalment provider's link with the amount. Which of them an order may
 * use is the domain's rule (`paymentsFor`, src/domain/checkout.ts).
 */
export interface PaymentMethod {
  id: PaymentId;
  /** The order's status once placed: waiting for the payment, or new (paid on delivery). */
  statusAfterOrder: 'awaiting_payment' | 'new';
  /** What the confirmation page and the mail tell the shopper to do. */
  instructions(order: Pick<OrderRow, 'number' | 'total'>): OrderView['instructions'];
}

/** The shop's bank account for transfers (SHOP_IBAN, SHOP_ACCOUNT_HOLDER). */
export function shopAccount(env: NodeJS.ProcessEnv = process.env): { iban: string; holder: string } {
  return { iban: env.SHOP_IBAN || 'IT60 X054 2811 1010 0000 0123 456', holder: env.SHOP_ACCOUNT_HOLDER || 'FreniShop S.r.l.' };
}

/** The instalment provider's page (the shop's instalment setting's link) with the amount. */
export function instalmentLink(amount: number, reference: string, base = '/cms/pagamento-rate.html'): string {
  const separator = base.includes('?') ? '&' : '?';
  return `${base}${separator}amount=${amount.toFixed(2)}&order=${encodeURIComponent(reference)}`;
}

export const PAYMENT_METHODS: Record<PaymentId, PaymentMethod> = {
  transfer: {
    id: 'transfer',
    statusAfterOrder: 'awaiting_payment',
    instructions: (order) => ({ kind: 'transfer', ...shopAccount(), amount: formatCents(Number(order.total)), reference: order.number }),
  },
  cod: {
    id: 'cod',
    statusAfterOrder: 'new',
    instructions: (order) => ({ kind: 'cod', amount: formatCents(Number(order.total)) }),
  },
  instalments: {
    id: 'instalments',
    statusAfterOrder: 'awaiting_payment',
    instructions: (order) => ({ kind: 'instalments', link: instalmentLink(Number(order.total) / 100, order.number), amount: formatCents(Number(order.total)) }),
  },
};
