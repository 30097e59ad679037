import type { ReactElement } from 'react';
import { createI18n } from '../../../src/i18n';
import type { InboxPage } from '../../messages/inbox';
import { drawAdminPage } from '../adminPage';
import { formatWhen, type OwnerView } from './orders';

/**
 * What shoppers sent (issue 36, point 5): contact messages with their files, and the "e-mail me
 * when it is back" requests. Every text here was typed by a shopper: React escapes it, nothing is
 * drawn as markup; a file is only ever offered as a download (server/owner/messageRoutes.ts
 * answers it as an attachment), never shown on the page.
 */
const size = (bytes: number) => (bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

export function drawInbox(view: OwnerView, inbox: InboxPage): string {
  const t = createI18n(view.language).t;
  const pages = Math.max(1, Math.ceil(inbox.messageCount / inbox.pageSize));
  const body: ReactElement = (
    <>
      <h1>{t('adminMessages.title')}</h1>
      <section aria-labelledby="messages-contact">
        <h2 id="messages-contact">
          {t('adminMessages.contact')} ({t('adminMessages.contactCount', { count: inbox.messageCount })})
        </h2>
        {inbox.messages.length ? (
          <ol className="admin-messages">
            {inbox.messages.map((m) => (
              <li key={m.id} data-message={m.id}>
                <article aria-labelledby={`message-${m.id}`}>
                  <h3 id={`message-${m.id}`}>
                    #{m.id} · {t(`adminMessages.subjects.${m.subject}`, { defaultValue: m.subject })}
                  </h3>
                  <dl>
                    <div>
                      <dt>{t('adminMessages.from')}</dt>
                      <dd>
                        {m.name} &lt;{m.contact}&gt;
                      </dd>
                    </div>
                    <div>
                      <dt>{t('adminMessages.received')}</dt>
                      <dd>{formatWhen(m.createdAt, view.language)}</dd>
                    </div>
                    {m.iban && (
                      <div>
                        <dt>{t('adminMessages.iban')}</dt>
                        <dd>{m.iban}</dd>
                      </div>
                    )}
                  </dl>
                  <p className="admin-message-text" data-message-text>
                    {m.message}
                  </p>
                  {m.attachments.length > 0 && (
                    <>
                      <h4>{t('adminMessages.attachments')}</h4>
                      <ul>
                        {m.attachments.map((file) => (
                          <li key={file.id}>
                            <a href={`/admin/messages/${m.id}/files/${file.id}`} download={file.fileName} data-attachment={file.id}>
                              {t('adminMessages.download', { name: file.fileName, size: size(file.size) })}
                            </a>
                          </li>
                        ))}
                      </ul>
                    </>
                  )}
                </article>
              </li>
            ))}
          </ol>
        ) : (
          <p>{t('adminMessages.noMessages')}</p>
        )}
        {pages > 1 && (
          <nav className="admin-pages" aria-label={t('adminOrders.pages')}>
            {inbox.page > 1 && <a href={`/admin/messages?page=${inbox.page - 1}`}>{t('adminOrders.previous')}</a>}
            <span>{t('adminOrders.pageOf', { page: inbox.page, pages })}</span>
            {inbox.page < pages && <a href={`/admin/messages?page=${inbox.page + 1}`}>{t('adminOrders.next')}</a>}
          </nav>
        )}
      </section>
      <section aria-labelledby="messages-notices">
        <h2 id="messages-notices">
          {t('adminMessages.notices')} ({t('adminMessages.noticeCount', { count: inbox.noticeCount })})
        </h2>
        {inbox.notices.length ? (
          <ol className="admin-notices">
            {inbox.notices.map((n) => (
              <li key={`${n.productId}-${n.sizeId}-${n.email}`} data-notice={n.email}>
                <strong>{n.productName ?? `#${n.productId}`}</strong>
                {n.sizeName && n.sizeName !== '-' ? ` (${n.sizeName})` : ''}: {n.email}, {formatWhen(n.createdAt, view.language)}.{' '}
                <span data-notice-state>{!n.confirmed ? t('adminMessages.notConfirmed') : n.available ? t('adminMessages.backInStock') : t('adminMessages.waiting')}</span>
              </li>
            ))}
          </ol>
        ) : (
          <p>{t('adminMessages.noNotices')}</p>
        )}
      </section>
    </>
  );
  return drawAdminPage({ title: t('adminMessages.title'), language: view.language, owner: view.owner, csrfToken: view.csrfToken, section: '/admin/messages', body });
}
