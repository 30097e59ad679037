/**
 * Messages reach the shop's owner by e-mail when SMTP_URL is set (nodemailer): each contact
 * message (with its attachments, when the contact form keeps them) and each "e-mail me when it
 * is back" request, as they are stored; and the shopper who asked is written to when an import
 * brings the size back in stock. Without SMTP_URL nothing is sent: `npm run messages` lists them.
 */
import nodemailer from 'nodemailer';
import type { ContactMessage, ShopRepository } from '../db/repository';
import { productLink } from '../text';
import { orderMails } from './orderMail';
import { shippedMail } from './orderStatusMail';

export interface MailAttachment {
  filename: string;
  contentType?: string;
  content: Buffer;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** Sender of every mail (MAIL_FROM). */
  from: string;
  /** The shop's owner (MAIL_TO). */
  owner: string;
  /** The shop's address for links in mails (PUBLIC_ORIGIN, else http://localhost:8080). */
  origin?: string;
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** The mailer SMTP_URL configures (`smtp://user:pass@host:587`, `smtps://...`), or null when unset. */
export function mailerFromEnv(env: NodeJS.ProcessEnv = process.env): Mailer | null {
  if (!env.SMTP_URL) return null;
  if (!/^smtps?:\/\//.test(env.SMTP_URL)) throw new Error('SMTP_URL must start with smtp:// or smtps://');
  const from = env.MAIL_FROM || 'FreniShop <shop@localhost>';
  const owner = env.MAIL_TO || from;
  const transport = nodemailer.createTransport(env.SMTP_URL);
  return {
    from,
    owner,
    origin: (env.PUBLIC_ORIGIN || 'http://localhost:8080').replace(/\/+$/, ''),
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    close() {
      transport.close();
    },
  };
}

const SUBJECTS: Record<string, string> = { product: 'prodotto', order: 'ordine', return: 'reso', other: 'altro' };

export function contactMail(owner: string, id: number, message: ContactMessage, attachments: MailAttachment[] = []): Mail {
  const email = /^[^\s@]+@[^\s@]+$/.test(message.contact) ? message.contact : undefined;
  return {
    to: owner,
    replyTo: email,
    subject: `Messaggio dal sito n. ${id} (${SUBJECTS[message.subject] ?? message.subject}): ${message.name}`,
    text: [
      `Nome: ${message.name}`,
      `Contatto: ${message.contact}`,
      `Argomento: ${SUBJECTS[message.subject] ?? message.subject}`,
      ...(message.iban ? [`IBAN: ${message.iban}`] : []),
      '',
      message.message,
    ].join('\n'),
    attachments,
  };
}

export function noticeRequestMail(owner: string, notice: { productId: number; sizeId: string; email: string }): Mail {
  return {
    to: owner,
    subject: `Avvisami quando disponibile: prodotto ${notice.productId}, taglia ${notice.sizeId}`,
    text: `${notice.email} chiede di essere avvisato quando il prodotto ${notice.productId} (taglia ${notice.sizeId}) torna disponibile.\nGli scriverà il negozio stesso quando un import del catalogo lo rimette in vendita, se l'indirizzo conferma la richiesta (gli è stato chiesto per e-mail).`,
  };
}

/** The mail that asks the address to confirm a notice (double opt-in): nothing is written to it again unless it does. */
export function noticeConfirmMail(notice: { productId: number; sizeId: string; email: string }, token: string, origin: string): Mail {
  const link = `${origin.replace(/\/$/, '')}/notify-confirm.php?token=${token}`;
  return {
    to: notice.email,
    subject: 'Conferma: avvisami quando torna disponibile',
    text: `Qualcuno (forse tu) ha chiesto su FreniShop di avvisare questo indirizzo quando il prodotto ${notice.productId} (taglia ${notice.sizeId}) torna disponibile.\n\nPer confermare apri questo indirizzo e premi il pulsante:\n${link}\n\nSe non sei stato tu, ignora questo messaggio: non ti scriveremo.`,
  };
}

export function backInStockMail(notice: { email: string; productId: number; productName: string; sizeName: string; slug: string }, origin: string): Mail {
  const link = `${origin.replace(/\/$/, '')}${productLink(notice.productId, notice.slug)}`;
  return {
    to: notice.email,
    subject: `Di nuovo disponibile: ${notice.productName}`,
    text: `Buone notizie: ${notice.productName} (${notice.sizeName}) è di nuovo disponibile.\n\n${link}\n\nCi hai chiesto di avvisarti su FreniShop; non riceverai altri messaggi per questo prodotto.`,
  };
}

/**
 * The repository with mail after each stored contact message and notice request. Sending never
 * holds up or fails the shopper's request: a failure is logged (the message is stored anyway,
 * and `npm run messages` lists it).
 */
export function withMail(repo: ShopRepository, mailer: Mailer, log: (error: unknown, what: string) => void): ShopRepository {
  const deliver = (mail: Mail, what: string) => {
    mailer.send(mail).catch((error: unknown) => log(error, what));
  };
  const saveContactMessage: ShopRepository['saveContactMessage'] = async (visitorId, message, ...rest) => {
    const id = await repo.saveContactMessage(visitorId, message, ...rest);
    // The files sent with the message (issue 23) go with the mail, as they were stored.
    const files = (rest[0] ?? []).map((file) => ({ filename: file.fileName, contentType: file.mimeType, content: file.content }));
    deliver(contactMail(mailer.owner, id, message, files), `contact message ${id}`);
    return id;
  };
  const requestAvailabilityNotice: ShopRepository['requestAvailabilityNotice'] = async (visitorId, notice) => {
    const stored = await repo.requestAvailabilityNotice(visitorId, notice);
    if (stored) deliver(noticeRequestMail(mailer.owner, notice), `notice request ${notice.productId}/${notice.sizeId}`);
    // The address confirms before it is ever written to about the product (double opt-in, issue 35).
    if (stored && stored.token) deliver(noticeConfirmMail(notice, stored.token, mailer.origin ?? 'http://localhost:8080'), `notice confirmation ${notice.productId}/${notice.sizeId}`);
    return stored;
  };
  // A placed order (not the same key answered again) is mailed to the shopper and to the owner (issue 32).
  const placeOrder: ShopRepository['placeOrder'] = async (input) => {
    const result = await repo.placeOrder(input);
    if (result.kind === 'placed' && !result.repeated) for (const mail of orderMails(result.order, mailer.owner, mailer.origin ?? 'http://localhost:8080')) deliver(mail, `order ${result.order.number}`);
    return result;
  };
  // A shipped order is mailed its tracking number, once the change is committed (issue 36).
  const changeOrderStatus: ShopRepository['changeOrderStatus'] = async (input) => {
    const result = await repo.changeOrderStatus(input);
    if (result.kind === 'changed' && result.mailsTracking) deliver(shippedMail(result.order, mailer.origin ?? 'http://localhost:8080'), `shipped order ${result.order.number}`);
    return result;
  };
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(repo, {
    get(target, property) {
      if (property === 'placeOrder') return placeOrder;
      if (property === 'changeOrderStatus') return changeOrderStatus;
      if (property === 'saveContactMessage') return saveContactMessage;
      if (property === 'requestAvailabilityNotice') return requestAvailabilityNotice;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (!bound.has(property)) bound.set(property, value.bind(target));
      return bound.get(property);
    },
  });
}
