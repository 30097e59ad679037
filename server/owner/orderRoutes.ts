import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createI18n } from '../../src/i18n';
import { PAYMENT_IDS, type PaymentId } from '../../src/api/checkoutWire';
import { allowedOrderEvents, isOrderStatus, isOrderStatusEvent, TRACKING_MAX, validTracking, type OrderPayment, type OrderStatus, type OrderStatusEvent } from '../../machines/orderStatus';
import { sendError } from '../http';
import type { OrderListFilter } from '../orders/orderAdmin';
import { ORDER_CSV_COLUMNS, ordersCsv } from '../orders/ordersCsv';
import { drawOrderList, drawOrderPage, type OrderNotice, type OwnerView } from '../render/admin/orders';
import { ownerLanguage, type OwnerDeps } from './guard';

/**
 * The back office's orders (issue 36, point 2), behind the owner
 * area's guard (server/owner/guard.ts: session, same-site, the session's token on every POST):
 *
 * - GET /admin/orders: the list, filtered (status, payment, days) and searched (number, e-mail,
 *   name), 25 a page; GET /admin/orders.csv: the same orders as the accountant's CSV;
 * - GET /admin/orders/<number>: the order; POST /admin/orders/<number>/status (`event`, and
 *   `tracking` to ship): the change the statechart allows (machines/orderStatus.ts) or a refusal
 *   (409), answered as JSON to a script (Accept: application/json) and as a redirect to the
 *   order's page (or the page drawn with the error) to a plain form.
 */
export const ORDERS_PAGE_SIZE = 25;
/** The most orders one CSV holds (a year of a small shop's orders; narrow the days for more). */
export const ORDERS_CSV_LIMIT = 20_000;
const NUMBER = /^\d{4}-\d{6}$/;
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export const viewOf = (request: FastifyRequest): OwnerView => ({ language: ownerLanguage(request), owner: request.owner ?? { id: 0, email: '' }, csrfToken: request.csrfToken });

/** The list's filters from its query; `bad` names the first one that is not valid. */
export function readListQuery(query: Record<string, unknown>): { filter: OrderListFilter; page: number; bad: string | null } {
  const filter: OrderListFilter = {};
  const text = (key: string) => (typeof query[key] === 'string' ? (query[key] as string).trim() : '');
  let bad: string | null = null;
  const status = text('status');
  if (status) {
    if (isOrderStatus(status)) filter.status = status;
    else bad ??= 'status';
  }
  const payment = text('payment');
  if (payment) {
    if ((PAYMENT_IDS as readonly string[]).includes(payment)) filter.payment = payment as PaymentId;
    else bad ??= 'payment';
  }
  for (const key of ['from', 'to'] as const) {
    const day = text(key);
    if (!day) continue;
    if (DAY.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`))) filter[key] = day;
    else bad ??= key;
  }
  const q = text('q');
  if (q) {
    if (q.length <= 100) filter.q = q;
    else bad ??= 'q';
  }
  const pageText = text('page');
  let page = 1;
  if (pageText) {
    if (/^\d{1,5}$/.test(pageText) && Number(pageText) >= 1) page = Number(pageText);
    else bad ??= 'page';
  }
  return { filter, page, bad };
}

/** A script's request (the admin bundle's saga) wants JSON; a plain form wants a page. */
const wantsJson = (request: FastifyRequest) => /application\/json/.test(String(request.headers.accept ?? '')) && !/text\/html/.test(String(request.headers.accept ?? ''));

/** `mails`: whether a mailer is set (SMTP_URL): only then does the page say the shopper was written to. */
export function orderRoutes(deps: OwnerDeps, options: { mails: boolean }) {
  return (scope: FastifyInstance): void => {
    scope.get('/orders', async (request, reply) => {
      const { filter, page, bad } = readListQuery((request.query ?? {}) as Record<string, unknown>);
      const view = viewOf(request);
      if (bad) {
        const t = createI18n(view.language).t;
        const empty = { rows: [], total: 0, page: 1, pageSize: ORDERS_PAGE_SIZE };
        return reply.code(400).type('text/html; charset=utf-8').send(drawOrderList(view, filter, empty, t('adminOrders.badFilter', { field: t(`adminOrders.filters.${bad === 'q' ? 'title' : bad}`) })));
      }
      const list = await deps.repo.orderList(filter, page, ORDERS_PAGE_SIZE);
      return reply.type('text/html; charset=utf-8').send(drawOrderList(view, filter, list));
    });

    scope.get('/orders.csv', async (request, reply) => {
      const { filter, bad } = readListQuery((request.query ?? {}) as Record<string, unknown>);
      if (bad) return sendError(reply, 400, 'bad_filter', `The filter "${bad}" is not valid`, { field: bad });
      const orders = await deps.repo.orderExport(filter, ORDERS_CSV_LIMIT);
      const t = createI18n(ownerLanguage(request)).t;
      const csv = ordersCsv(orders, (column: (typeof ORDER_CSV_COLUMNS)[number]) => t(`adminOrders.csv.${column}`), {
        status: (status) => t(`checkout.order.status.${status}`, { defaultValue: status }),
        payment: (payment) => t(`checkout.payments.${payment}`, { defaultValue: payment }),
      });
      const day = deps.now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="orders-${day}.csv"`)
        .header('X-Content-Type-Options', 'nosniff')
        .send(csv);
    });

    scope.get<{ Params: { number: string } }>('/orders/:number', async (request, reply) => {
      const view = viewOf(request);
      const t = createI18n(view.language).t;
      const order = NUMBER.test(request.params.number) ? await deps.repo.orderByNumber(request.params.number) : null;
      if (!order) return reply.code(404).type('text/html; charset=utf-8').send(drawOrderList(view, {}, { rows: [], total: 0, page: 1, pageSize: ORDERS_PAGE_SIZE }, t('adminOrders.notFound')));
      // The notice after a change (the redirect's query): fixed texts only, whatever the query says.
      const query = (request.query ?? {}) as Record<string, unknown>;
      let notice: OrderNotice | undefined;
      if (isOrderStatus(query.changed)) {
        const parts = [t('adminOrders.changed', { status: t(`checkout.order.status.${query.changed}`) })];
        if (query.stock === '1') parts.push(t('adminOrders.stockReturned'));
        if (query.mailed === '1') parts.push(t('adminOrders.mailed'));
        notice = { kind: 'changed', text: parts.join(' ') };
      }
      return reply.type('text/html; charset=utf-8').send(drawOrderPage(view, order, notice));
    });

    scope.post<{ Params: { number: string } }>('/orders/:number/status', async (request, reply) => {
      const view = viewOf(request);
      const t = createI18n(view.language).t;
      const json = wantsJson(request);
      const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
      const number = request.params.number;
      if (!NUMBER.test(number)) return sendError(reply, 404, 'order_not_found', t('adminOrders.notFound'));
      if (!isOrderStatusEvent(body.event)) return sendError(reply, 400, 'bad_event', 'event must be one of MARK_PAID, PACK, SHIP, DELIVER, CANCEL, REFUND');
      const refuse = async (status: 409 | 422, code: string, message: string) => {
        if (json) return sendError(reply, status, code, message);
        const order = await deps.repo.orderByNumber(number);
        if (!order) return sendError(reply, 404, 'order_not_found', t('adminOrders.notFound'));
        return reply.code(status).type('text/html; charset=utf-8').send(drawOrderPage(view, order, { kind: 'error', text: message }));
      };
      let event: OrderStatusEvent;
      if (body.event === 'SHIP') {
        const tracking = typeof body.tracking === 'string' ? body.tracking.trim() : '';
        if (!validTracking(tracking)) return refuse(422, 'tracking_required', t('adminOrders.trackingRequired', { max: TRACKING_MAX }));
        event = { type: 'SHIP', tracking };
      } else event = { type: body.event } as OrderStatusEvent;

      const result = await deps.repo.changeOrderStatus({ number, event, owner: request.owner, now: deps.now() });
      if (result.kind === 'not_found') return sendError(reply, 404, 'order_not_found', t('adminOrders.notFound'));
      if (result.kind === 'refused') {
        const message = t('adminOrders.refused', { status: t(`checkout.order.status.${result.from}`) });
        if (json) return sendError(reply, 409, 'transition_not_allowed', message, { from: result.from, event: event.type });
        return reply.code(409).type('text/html; charset=utf-8').send(drawOrderPage(view, result.order, { kind: 'error', text: message }));
      }
      if (json) {
        return reply.send({
          number,
          status: result.to,
          from: result.from,
          tracking: result.order.tracking_number,
          stockReturned: result.stockReturned,
          mailed: result.mailsTracking && options.mails,
          allowed: allowedOrderEvents(result.to, result.order.payment as OrderPayment),
        });
      }
      const query = new URLSearchParams({ changed: result.to as OrderStatus });
      if (result.stockReturned) query.set('stock', '1');
      if (result.mailsTracking && options.mails) query.set('mailed', '1');
      return reply.code(303).header('Location', `/admin/orders/${number}?${query.toString()}`).send();
    });
  };
}
