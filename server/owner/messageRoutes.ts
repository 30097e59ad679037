import type { FastifyInstance } from 'fastify';
import { createI18n } from '../../src/i18n';
import { sendError } from '../http';
import { drawInbox } from '../render/admin/messages';
import { type OwnerDeps } from './guard';
import { viewOf } from './orderRoutes';

/**
 * The back office's messages (issue 36, point 5): GET /admin/messages (contact messages, 20 a
 * page, and the notice requests) and GET /admin/messages/<id>/files/<file> (one file, only ever
 * as a download: `application/octet-stream`, `Content-Disposition: attachment`, nosniff and a
 * sandboxing policy, whatever type the shopper's browser claimed for it).
 */
export const MESSAGES_PAGE_SIZE = 20;

/** The filename for Content-Disposition: an ASCII fallback (quotes, controls and slashes replaced) and the UTF-8 name (RFC 6266). */
export function attachmentDisposition(fileName: string): string {
  const base = fileName.replace(/[\\/]/g, '_').slice(0, 200) || 'file';
  const ascii = base.replace(/[^\x20-\x7e]|["%;\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(base).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

export function messageRoutes(deps: OwnerDeps) {
  return (scope: FastifyInstance): void => {
    scope.get('/messages', async (request, reply) => {
      const pageText = (request.query as Record<string, unknown> | undefined)?.page;
      const page = typeof pageText === 'string' && /^\d{1,5}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1;
      const inbox = await deps.repo.inbox(page, MESSAGES_PAGE_SIZE);
      return reply.type('text/html; charset=utf-8').send(drawInbox(viewOf(request), inbox));
    });

    scope.get<{ Params: { id: string; file: string } }>('/messages/:id/files/:file', async (request, reply) => {
      const { id, file } = request.params;
      const t = createI18n(viewOf(request).language).t;
      const found = /^\d{1,12}$/.test(id) && /^\d{1,12}$/.test(file) ? await deps.repo.contactAttachment(Number(id), Number(file)) : null;
      if (!found) return sendError(reply, 404, 'attachment_not_found', t('adminMessages.noMessages'));
      return reply
        .type('application/octet-stream')
        .header('Content-Disposition', attachmentDisposition(found.fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(found.content);
    });
  };
}
