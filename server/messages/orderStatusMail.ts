import { createI18n, isLanguage } from '../../src/i18n';
import { orderLink } from '../orders/checkout';
import type { StoredOrder } from '../orders/orderStore';
import type { Mail } from './mailer';

/**
 * The mail a shopper gets when the owner ships their order (issue 36): in the language they
 * ordered in, with the courier, the tracking number and the link to the order's page. Plain text:
 * nothing typed by the shopper or the owner is ever read as markup.
 */
export function shippedMail(order: Pick<StoredOrder, 'language' | 'token' | 'email' | 'name' | 'number' | 'courier_name' | 'tracking_number'>, origin: string): Mail {
  const language = isLanguage(order.language) ? order.language : 'it';
  const t = createI18n(language).t;
  return {
    to: order.email,
    subject: t('orderMail.shippedSubject', { number: order.number }),
    text: [
      t('orderMail.hello', { name: order.name }),
      '',
      t('orderMail.shipped', { number: order.number, courier: order.courier_name }),
      t('orderMail.tracking', { tracking: order.tracking_number ?? '' }),
      '',
      t('orderMail.link', { link: `${origin}${orderLink(language, order.token)}` }),
    ].join('\n'),
  };
}
