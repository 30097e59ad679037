import type { ReactElement } from 'react';
import type { TFunction } from 'i18next';
import { createI18n } from '../../../src/i18n';
import type { Language } from '../../../src/i18n/runtime';
import { PAYMENT_IDS } from '../../../src/api/checkoutWire';
import { allowedOrderEvents, ORDER_STATUSES, TRACKING_MAX, type OrderPayment, type OrderStatus } from '../../../machines/orderStatus';
import { formatCents } from '../../money';
import { SHOP_TIME_ZONE, type OrderListFilter, type OrderListPage, type OrderListRow, type OrderWithHistory, type OwnerDashboard } from '../../orders/orderAdmin';
import { CsrfField, drawAdminPage } from '../adminPage';

/**
 * The back office's orders (issue 36), drawn on the server: the list (filters and search in one
 * GET form, a stacked list that reads the same at 375 px and 1280 px), an order's page (lines with
 * the vehicle and fit each part was ordered for, address, courier, payment, amounts, history) with
 * one form per change the statechart allows now, and the first screen. Every text a shopper wrote
 * is drawn by React (escaped); the forms post without JavaScript.
 */
export interface OwnerView {
  language: Language;
  owner: { id: number; email: string };
  csrfToken: string;
}

const texts = (language: Language) => createI18n(language).t;

export function formatWhen(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : language, { timeZone: SHOP_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
}

const statusText = (t: TFunction, status: string) => t(`checkout.order.status.${status}`, { defaultValue: status });
const paymentText = (t: TFunction, payment: string) => t(`checkout.payments.${payment}`, { defaultValue: payment });

/** The list's query string for these filters (and page), as the form would send it. */
export function listQuery(filter: OrderListFilter, page?: number): string {
  const params = new URLSearchParams();
  for (const key of ['q', 'status', 'payment', 'from', 'to'] as const) if (filter[key]) params.set(key, String(filter[key]));
  if (page && page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

function OrderCard({ row, t, language }: { row: OrderListRow; t: TFunction; language: Language }): ReactElement {
  return (
    <li className="admin-order" data-order={row.number}>
      <h3 className="admin-order-number">
        <a href={`/admin/orders/${row.number}`}>{row.number}</a>
      </h3>
      <dl>
        <div>
          <dt>{t('adminOrders.columns.date')}</dt>
          <dd>{formatWhen(row.created_at, language)}</dd>
        </div>
        <div>
          <dt>{t('adminOrders.columns.customer')}</dt>
          <dd>
            {row.name} <span className="admin-email">{row.email}</span>
          </dd>
        </div>
        <div>
          <dt>{t('adminOrders.columns.payment')}</dt>
          <dd>{paymentText(t, row.payment)}</dd>
        </div>
        <div>
          <dt>{t('adminOrders.columns.status')}</dt>
          <dd data-status={row.status}>{statusText(t, row.status)}</dd>
        </div>
        <div>
          <dt>{t('adminOrders.columns.total')}</dt>
          <dd>{formatCents(row.total)}</dd>
        </div>
      </dl>
    </li>
  );
}

function OrderCards({ rows, t, language, labelledBy }: { rows: OrderListRow[]; t: TFunction; language: Language; labelledBy: string }): ReactElement {
  if (!rows.length) return <p>{t('adminHome.none')}</p>;
  return (
    <ol className="admin-orders" aria-labelledby={labelledBy}>
      {rows.map((row) => (
        <OrderCard key={row.id} row={row} t={t} language={language} />
      ))}
    </ol>
  );
}

export function drawOrderList(view: OwnerView, filter: OrderListFilter, list: OrderListPage, problem?: string): string {
  const t = texts(view.language);
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const body = (
    <>
      <h1>{t('adminOrders.title')}</h1>
      {problem && (
        <p className="admin-notice admin-notice-error" role="alert">
          {problem}
        </p>
      )}
      <form method="get" action="/admin/orders" className="admin-filters" role="search" aria-label={t('adminOrders.filters.title')}>
        <label htmlFor="orders-q">{t('adminOrders.search')}</label>
        <input id="orders-q" name="q" type="search" maxLength={100} defaultValue={filter.q ?? ''} />
        <label htmlFor="orders-status">{t('adminOrders.filters.status')}</label>
        <select id="orders-status" name="status" defaultValue={filter.status ?? ''}>
          <option value="">{t('adminOrders.filters.any')}</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusText(t, status)}
            </option>
          ))}
        </select>
        <label htmlFor="orders-payment">{t('adminOrders.filters.payment')}</label>
        <select id="orders-payment" name="payment" defaultValue={filter.payment ?? ''}>
          <option value="">{t('adminOrders.filters.any')}</option>
          {PAYMENT_IDS.map((payment) => (
            <option key={payment} value={payment}>
              {paymentText(t, payment)}
            </option>
          ))}
        </select>
        <label htmlFor="orders-from">{t('adminOrders.filters.from')}</label>
        <input id="orders-from" name="from" type="date" defaultValue={filter.from ?? ''} />
        <label htmlFor="orders-to">{t('adminOrders.filters.to')}</label>
        <input id="orders-to" name="to" type="date" defaultValue={filter.to ?? ''} />
        <button type="submit">{t('adminOrders.filters.apply')}</button>
        <a href="/admin/orders">{t('adminOrders.filters.reset')}</a>
      </form>
      <p>
        <a href={`/admin/orders.csv${listQuery(filter)}`} download>
          {t('adminOrders.exportCsv')}
        </a>
      </p>
      <h2 id="orders-found" aria-live="polite">
        {t('adminOrders.count', { count: list.total })}
      </h2>
      {list.rows.length ? <OrderCards rows={list.rows} t={t} language={view.language} labelledBy="orders-found" /> : <p>{t('adminOrders.empty')}</p>}
      {pages > 1 && (
        <nav className="admin-pages" aria-label={t('adminOrders.pages')}>
          {list.page > 1 && (
            <a href={`/admin/orders${listQuery(filter, list.page - 1)}`} rel="prev">
              {t('adminOrders.previous')}
            </a>
          )}
          <span>{t('adminOrders.pageOf', { page: list.page, pages })}</span>
          {list.page < pages && (
            <a href={`/admin/orders${listQuery(filter, list.page + 1)}`} rel="next">
              {t('adminOrders.next')}
            </a>
          )}
        </nav>
      )}
    </>
  );
  return drawAdminPage({ title: t('adminOrders.title'), language: view.language, owner: view.owner, csrfToken: view.csrfToken, section: '/admin/orders', body });
}

/** What the order's page says above it after a change (the redirect's query) or a refusal. */
export interface OrderNotice {
  kind: 'changed' | 'error';
  text: string;
}

function StatusForms({ order, view, t }: { order: OrderWithHistory; view: OwnerView; t: TFunction }): ReactElement {
  const allowed = allowedOrderEvents(order.status as OrderStatus, order.payment as OrderPayment);
  if (!allowed.length) return <p>{t('adminOrders.actions.none')}</p>;
  const action = `/admin/orders/${order.number}/status`;
  return (
    <div className="admin-status-forms">
      {allowed.map((event) => (
        <form key={event} method="post" action={action} data-order-event={event}>
          <CsrfField token={view.csrfToken} />
          <input type="hidden" name="event" value={event} />
          {event === 'SHIP' && (
            <>
              <label htmlFor="order-tracking">{t('adminOrders.actions.trackingLabel')}</label>
              <input id="order-tracking" name="tracking" required maxLength={TRACKING_MAX} pattern="[A-Za-z0-9][A-Za-z0-9 \-]*" aria-describedby="order-tracking-hint" autoComplete="off" />
              <p id="order-tracking-hint" className="admin-hint">
                {t('adminOrders.actions.trackingHint')}
              </p>
            </>
          )}
          {event === 'CANCEL' && <p className="admin-hint">{t('adminOrders.actions.cancelNote')}</p>}
          <button type="submit">{t(`adminOrders.actions.${event}`)}</button>
        </form>
      ))}
    </div>
  );
}

export function drawOrderPage(view: OwnerView, order: OrderWithHistory, notice?: OrderNotice): string {
  const t = texts(view.language);
  const title = t('adminOrders.detail.title', { number: order.number });
  const body = (
    <div
      data-order-page
      data-number={order.number}
      data-status={order.status}
      data-payment={order.payment}
      data-refused-text={t('adminOrders.refused', { status: statusText(t, order.status) })}
      data-tracking-text={t('adminOrders.trackingRequired', { max: TRACKING_MAX })}
      data-failed-text={t('adminOrders.failed')}
    >
      <p>
        <a href="/admin/orders">{t('adminOrders.back')}</a>
      </p>
      <h1>{title}</h1>
      <div data-order-notice aria-live="polite">
        {notice && (
          <p className={notice.kind === 'error' ? 'admin-notice admin-notice-error' : 'admin-notice'} role={notice.kind === 'error' ? 'alert' : 'status'}>
            {notice.text}
          </p>
        )}
      </div>
      <p>{t('adminOrders.detail.placedAt', { date: formatWhen(order.created_at, view.language) })}</p>
      <p>
        {t('adminOrders.columns.status')}: <strong data-order-status={order.status}>{statusText(t, order.status)}</strong>
      </p>
      <section aria-labelledby="order-actions">
        <h2 id="order-actions">{t('adminOrders.actions.title')}</h2>
        <StatusForms order={order} view={view} t={t} />
      </section>
      <section aria-labelledby="order-lines">
        <h2 id="order-lines">{t('adminOrders.detail.lines')}</h2>
        <ol className="admin-lines">
          {order.lines.map((line) => (
            <li key={line.position} data-line={line.position}>
              <h3>{line.name}</h3>
              <dl>
                <div>
                  <dt>{t('adminOrders.detail.code')}</dt>
                  <dd>{line.catalog_no}</dd>
                </div>
                {line.size_name && line.size_name !== '-' && (
                  <div>
                    <dt>{t('adminOrders.detail.size')}</dt>
                    <dd>{line.size_name}</dd>
                  </div>
                )}
                <div>
                  <dt>{t('adminOrders.detail.quantity')}</dt>
                  <dd>
                    {line.quantity} {line.unit}
                  </dd>
                </div>
                <div>
                  <dt>{t('adminOrders.detail.unitPrice')}</dt>
                  <dd>{formatCents(Number(line.unit_gross))}</dd>
                </div>
                <div>
                  <dt>{t('adminOrders.detail.lineTotal')}</dt>
                  <dd>{formatCents(Number(line.line_gross))}</dd>
                </div>
                <div>
                  <dt>{t('adminOrders.detail.vehicle')}</dt>
                  <dd>
                    {line.vehicle_label ?? t('adminOrders.detail.noVehicle')}
                    {line.fit && <span data-fit={line.fit}> · {t(`checkout.fit.${line.fit}`, { defaultValue: line.fit })}</span>}
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="order-customer">
        <h2 id="order-customer">{t('adminOrders.detail.customer')}</h2>
        <p>
          {order.name}
          <br />
          <a href={`mailto:${order.email}`}>{order.email}</a>
          <br />
          {order.phone}
        </p>
        <h3>{t('adminOrders.detail.address')}</h3>
        <p>
          {order.street}
          <br />
          {order.postcode} {order.city} ({order.country})
        </p>
        {(order.company || order.vat_number) && (
          <>
            <h3>{t('adminOrders.detail.invoice')}</h3>
            <p>
              {order.company} {order.vat_number}
            </p>
          </>
        )}
      </section>
      <section aria-labelledby="order-delivery">
        <h2 id="order-delivery">{t('adminOrders.detail.courier')}</h2>
        <p>
          {order.courier_name} ({t(`checkout.groups.${order.courier_group}`, { defaultValue: order.courier_group })}, {t('adminOrders.detail.deliveryDays', { count: order.delivery_days })})
        </p>
        {order.tracking_number && (
          <p>
            {t('adminOrders.detail.tracking')}: <strong data-tracking>{order.tracking_number}</strong>
          </p>
        )}
        <h3>{t('adminOrders.detail.payment')}</h3>
        <p>{paymentText(t, order.payment)}</p>
      </section>
      <section aria-labelledby="order-amounts">
        <h2 id="order-amounts">{t('adminOrders.detail.amounts')}</h2>
        <dl className="admin-amounts">
          <div>
            <dt>{t('adminOrders.detail.goodsNet')}</dt>
            <dd>{formatCents(order.goods_net)}</dd>
          </div>
          <div>
            <dt>{t('adminOrders.detail.goodsGross')}</dt>
            <dd>{formatCents(order.goods_gross)}</dd>
          </div>
          <div>
            <dt>{t('adminOrders.detail.shipping')}</dt>
            <dd>{formatCents(order.shipping_gross)}</dd>
          </div>
          <div>
            <dt>{t('adminOrders.detail.vat')}</dt>
            <dd>{formatCents(order.vat)}</dd>
          </div>
          <div>
            <dt>{t('adminOrders.detail.total')}</dt>
            <dd>
              <strong>{formatCents(order.total)}</strong>
            </dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="order-history">
        <h2 id="order-history">{t('adminOrders.detail.history')}</h2>
        <ol className="admin-history">
          <li>
            {formatWhen(order.created_at, view.language)}: {t('adminOrders.detail.historyPlaced', { status: statusText(t, order.events[0]?.from ?? order.status) })}
          </li>
          {order.events.map((event, index) => (
            <li key={index} data-history={event.to}>
              {formatWhen(event.at, view.language)}: {t('adminOrders.detail.historyChange', { from: statusText(t, event.from), to: statusText(t, event.to) })}
              {event.detail && ` (${event.detail})`}
              {event.ownerEmail && ` ${t('adminOrders.detail.by', { owner: event.ownerEmail })}`}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
  return drawAdminPage({ title, language: view.language, owner: view.owner, csrfToken: view.csrfToken, section: '/admin/orders', body });
}

export function drawOwnerHome(view: OwnerView, dashboard: OwnerDashboard): string {
  const t = texts(view.language);
  const body = (
    <>
      <h1>{t('adminHome.title')}</h1>
      <section aria-labelledby="home-today">
        <h2 id="home-today">{t('adminHome.today')}</h2>
        <p data-today>
          <strong>{t('adminHome.todayOrders', { count: dashboard.today.orders })}</strong> {t('adminHome.todayWorth', { amount: formatCents(dashboard.today.worth) })}
        </p>
      </section>
      <section aria-labelledby="home-awaiting" data-home="awaiting">
        <h2 id="home-awaiting">
          {t('adminHome.awaitingPayment')} (<span data-count>{dashboard.awaitingPaymentCount}</span>)
        </h2>
        <OrderCards rows={dashboard.awaitingPayment} t={t} language={view.language} labelledBy="home-awaiting" />
        {dashboard.awaitingPaymentCount > dashboard.awaitingPayment.length && <a href="/admin/orders?status=awaiting_payment">{t('adminHome.allWaiting', { count: dashboard.awaitingPaymentCount })}</a>}
      </section>
      <section aria-labelledby="home-ship" data-home="to-ship">
        <h2 id="home-ship">
          {t('adminHome.toShip')} (<span data-count>{dashboard.toShipCount}</span>)
        </h2>
        <OrderCards rows={dashboard.toShip} t={t} language={view.language} labelledBy="home-ship" />
        {dashboard.toShipCount > dashboard.toShip.length && <a href="/admin/orders">{t('adminHome.allWaiting', { count: dashboard.toShipCount })}</a>}
      </section>
      <section aria-labelledby="home-stock" data-home="low-stock">
        <h2 id="home-stock">{t('adminHome.lowStock', { mark: dashboard.lowStockMark })}</h2>
        {dashboard.lowStock.length ? (
          <ul className="admin-low-stock">
            {dashboard.lowStock.map((size) => (
              <li key={`${size.productId}-${size.sizeId}`} data-low-stock={`${size.productId}:${size.sizeId}`}>
                {size.name} ({size.catalogNo}
                {size.sizeName && size.sizeName !== '-' ? `, ${size.sizeName}` : ''}): {t('adminHome.stock')} {size.stock}
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('adminHome.none')}</p>
        )}
      </section>
      <p>
        <a href="/admin/orders">{t('adminHome.allOrders')}</a> · <a href="/admin/messages">{t('adminHome.messages')}</a>
      </p>
    </>
  );
  return drawAdminPage({ title: t('adminHome.title'), language: view.language, owner: view.owner, csrfToken: view.csrfToken, section: '/admin/', body });
}
