import type { Kysely } from 'kysely';
import { queryWriter, step, type SqlDialect, type Steps } from '../db/steps';
import type { ContactAttachmentRow, ContactMessageRow } from '../db/contactMessages';
import type { OrderTables } from '../orders/tables';
import type { ShopTables } from '../db/sharedReads';

/**
 * What shoppers sent the shop, as the back office reads it (issue 36; `npm run messages` reads the
 * same tables): contact messages newest first with their files' names and sizes (never their
 * content: a file is read alone, to be downloaded), and the "e-mail me when it is back" requests
 * with whether their size is on sale again. Written once for both databases.
 */
interface InboxTables extends OrderTables {
  contact_messages: ContactMessageRow;
  contact_attachments: ContactAttachmentRow & { message_id: number };
  availability_notices: ShopTables['availability_notices'];
}

const writers: Record<SqlDialect, Kysely<InboxTables>> = { sqlite: queryWriter<InboxTables>('sqlite'), postgres: queryWriter<InboxTables>('postgres') };

export interface InboxMessage {
  id: number;
  createdAt: string;
  name: string;
  contact: string;
  subject: string;
  iban: string | null;
  message: string;
  attachments: Array<{ id: number; fileName: string; mimeType: string; size: number }>;
}

export interface InboxNotice {
  productId: number;
  productName: string | null;
  sizeId: string;
  sizeName: string | null;
  email: string;
  createdAt: string;
  confirmed: boolean;
  available: boolean;
}

export interface InboxPage {
  messages: InboxMessage[];
  messageCount: number;
  notices: InboxNotice[];
  noticeCount: number;
  page: number;
  pageSize: number;
}

/** One page (from 1) of contact messages with their files' names, and the newest notice requests. */
export function* inboxSteps(dialect: SqlDialect, page: number, pageSize: number, noticeLimit: number): Steps<InboxPage> {
  const w = writers[dialect];
  const [messageCount] = yield* step(w.selectFrom('contact_messages').select((eb) => eb.fn.countAll<number>().as('n')).compile());
  const rows = yield* step(
    w
      .selectFrom('contact_messages')
      .select(['id', 'created_at', 'name', 'contact', 'subject', 'iban', 'message'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .compile(),
  );
  const ids = rows.map((r) => Number(r.id));
  const files = ids.length
    ? yield* step(w.selectFrom('contact_attachments').select(['id', 'message_id', 'file_name', 'mime_type', 'size']).where('message_id', 'in', ids).orderBy('id').compile())
    : [];
  const messages: InboxMessage[] = rows.map((r) => ({
    id: Number(r.id),
    createdAt: r.created_at,
    name: r.name,
    contact: r.contact,
    subject: r.subject,
    iban: r.iban,
    message: r.message,
    attachments: files.filter((f) => Number(f.message_id) === Number(r.id)).map((f) => ({ id: Number(f.id), fileName: f.file_name, mimeType: f.mime_type, size: Number(f.size) })),
  }));
  const [noticeCount] = yield* step(w.selectFrom('availability_notices').select((eb) => eb.fn.countAll<number>().as('n')).compile());
  const notices = yield* step(
    w
      .selectFrom('availability_notices as n')
      .leftJoin('products as p', 'p.id', 'n.product_id')
      .leftJoin('sizes as s', (join) => join.onRef('s.product_id', '=', 'n.product_id').onRef('s.size_id', '=', 'n.size_id'))
      .select(['n.product_id', 'n.size_id', 'n.email', 'n.created_at', 'n.confirmed_at', 'p.name as product_name', 's.name as size_name', 's.status', 's.stock'])
      .orderBy('n.created_at', 'desc')
      .limit(noticeLimit)
      .compile(),
  );
  return {
    messages,
    messageCount: Number(messageCount.n),
    notices: notices.map((n) => ({
      productId: Number(n.product_id),
      productName: n.product_name,
      sizeId: n.size_id,
      sizeName: n.size_name,
      email: n.email,
      createdAt: n.created_at,
      confirmed: n.confirmed_at !== null,
      available: n.status !== null && n.status !== 'disable' && Number(n.stock) !== 0,
    })),
    noticeCount: Number(noticeCount.n),
    page,
    pageSize,
  };
}

/** One file of a contact message, with its content; null when the message has no such file. */
export function* contactAttachmentSteps(dialect: SqlDialect, messageId: number, fileId: number): Steps<{ fileName: string; mimeType: string; content: Buffer } | null> {
  const w = writers[dialect];
  const [file] = yield* step(
    w.selectFrom('contact_attachments').select(['file_name', 'mime_type', 'content']).where('message_id', '=', messageId).where('id', '=', fileId).compile(),
  );
  if (!file) return null;
  return { fileName: file.file_name, mimeType: file.mime_type, content: Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content) };
}
