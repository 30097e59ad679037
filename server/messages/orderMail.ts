import { createI18n, isLanguage } from '../../src/i18n';
import type { StoredOrder } from '../orders/orderStore';
import { orderLink, orderView } from '../orders/checkout';
import type { Mail } from './mailer';

/**
 * The mails of a placed order (issue 32): the shopper's, in the language they ordered in (what
 * they bought, the total, how to pay, the link to the order's page), and the owner's (Italian,
 * the shop's language). Plain text: nothing a shopper typed is ever read as markup.
 */
export function orderMails(order: StoredOrder, owner: string, origin: string): Mail[] {
  const language = isLanguage(order.language) ? order.language : 'it';
  const view = orderView(order);
  const link = `${origin}${orderLink(language, order.token)}`;
  const t = createI18n(language).t;
  const it = createI18n('it').t;
  const body = (tr: typeof t) => {
    const how = view.instructions;
    const payment =
      how.kind === 'transfer'
        ? [tr('checkout.order.transferTitle'), `${tr('checkout.order.iban')}: ${how.iban}`, `${tr('checkout.order.holder')}: ${how.holder}`, `${tr('checkout.order.amount')}: ${how.amount}`, `${tr('checkout.order.reference')}: ${how.reference}`]
        : how.kind === 'instalments'
          ? [tr('checkout.order.instalmentsTitle'), `${origin}${how.link}`]
          : [tr('checkout.order.cod', { amount: how.amount })];
    return [
      ...view.lines.map((line) => `- ${line.name} (${line.code}${line.size && line.size !== '-' ? `, ${line.size}` : ''}) x ${line.quantity} ${line.unit}: ${line.lineGross}`),
      '',
      `${tr('checkout.shipping')}: ${view.shipping}`,
      `${tr('checkout.vat')}: ${view.vat}`,
      `${tr('checkout.total')}: ${view.total}`,
      '',
      ...payment,
      '',
      tr('checkout.shipTo', { address: `${view.name}, ${view.address}` }),
      tr('checkout.deliveryWith', { courier: view.courier, days: tr('checkout.days', { count: view.deliveryDays }) }),
    ];
  };
  return [
    {
      to: order.email,
      subject: t('checkout.mail.subject', { number: order.number }),
      text: [t('checkout.mail.hello', { name: order.name }), '', t('checkout.mail.received', { number: order.number }), '', ...body(t), '', t('checkout.mail.link', { link })].join('\n'),
    },
    {
      to: owner,
      replyTo: order.email,
      subject: it('checkout.mail.ownerSubject', { number: order.number, total: view.total }),
      text: [`${order.name} <${order.email}>, ${order.phone}`, ...(order.company ? [`${order.company} ${order.vat_number ?? ''}`.trim()] : []), it(`checkout.payments.${view.payment}`), '', ...body(it)].join('\n'),
    },
  ];
}
