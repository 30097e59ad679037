import type { StoredContactMessage } from './repository';

/** A contact_messages row, as both backends read it. */
export interface ContactMessageRow {
  id: number;
  visitor_id: string;
  name: string;
  contact: string;
  subject: string;
  iban: string | null;
  message: string;
  created_at: string;
}

/** A contact_attachments row: the content is a Buffer on either backend (BLOB, BYTEA). */
export interface ContactAttachmentRow {
  id: number;
  field: string;
  file_name: string;
  mime_type: string;
  size: number;
  content: Buffer | Uint8Array;
}

/** A stored message with its files, from its rows (both backends). */
export function storedContactMessage(row: ContactMessageRow, files: ContactAttachmentRow[]): StoredContactMessage {
  return {
    id: Number(row.id),
    visitorId: row.visitor_id,
    name: row.name,
    contact: row.contact,
    subject: row.subject,
    iban: row.iban,
    message: row.message,
    createdAt: row.created_at,
    attachments: files.map((file) => ({
      id: Number(file.id),
      field: file.field,
      fileName: file.file_name,
      mimeType: file.mime_type,
      size: Number(file.size),
      content: Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
    })),
  };
}
