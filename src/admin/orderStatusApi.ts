import axios, { type AxiosError } from 'axios';
import type { OrderStatus, OrderStatusEventType } from '../../machines/orderStatus';

/**
 * The order status change from the browser (issue 36): the same POST as the order page's forms,
 * sent as JSON with the page's token and answered in JSON (server/owner/orderRoutes.ts).
 */
export type OrderStatusAnswer =
  | { kind: 'changed'; status: OrderStatus; stockReturned: boolean; mailed: boolean }
  /** Refused (409, 422, 404) or failed: the server's text, in the owner's language, when it sent one. */
  | { kind: 'refused'; code: string; message: string | null };

export async function orderStatusCall(number: string, event: OrderStatusEventType, tracking: string, token: string): Promise<OrderStatusAnswer> {
  try {
    const { data } = await axios.post<{ status: OrderStatus; stockReturned: boolean; mailed: boolean }>(
      `/admin/orders/${encodeURIComponent(number)}/status`,
      event === 'SHIP' ? { event, tracking } : { event },
      { headers: { 'x-csrf-token': token, accept: 'application/json' } },
    );
    return { kind: 'changed', status: data.status, stockReturned: data.stockReturned, mailed: data.mailed };
  } catch (error) {
    const response = (error as AxiosError<{ error?: { code?: string; message?: string } }>).response;
    return { kind: 'refused', code: response?.data?.error?.code ?? 'failed', message: response?.data?.error?.message ?? null };
  }
}

/** The order's page after a change, as the plain form's redirect names it (the page says what happened). */
export function changedOrderUrl(number: string, answer: Extract<OrderStatusAnswer, { kind: 'changed' }>): string {
  const query = new URLSearchParams({ changed: answer.status });
  if (answer.stockReturned) query.set('stock', '1');
  if (answer.mailed) query.set('mailed', '1');
  return `/admin/orders/${encodeURIComponent(number)}?${query.toString()}`;
}
