import type { FastifyRequest } from 'fastify';
import { adminTexts } from '../../../src/i18n/admin';
import type { Language } from '../../../src/i18n/runtime';
import type { AuditEntry } from '../../owner/ownerStore';
import { drawAdminPage } from '../adminPage';
import { pageOwner } from './simplePages';

/** The audit log's page (issue 36, point 8): newest first, a page of entries with links to older and newer ones. */
export function drawAuditPage(request: FastifyRequest, language: Language, view: { entries: AuditEntry[]; page: number; more: boolean }): string {
  const t = adminTexts(language).audit;
  const body = (
    <>
      <h1>{t.title}</h1>
      {view.entries.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table" data-audit-log>
            <thead>
              <tr>
                <th scope="col">{t.when}</th>
                <th scope="col">{t.who}</th>
                <th scope="col">{t.what}</th>
                <th scope="col">{t.subject}</th>
                <th scope="col">{t.detail}</th>
              </tr>
            </thead>
            <tbody>
              {view.entries.map((entry) => (
                <tr key={entry.id} data-audit-action={entry.action}>
                  <td>
                    <time dateTime={entry.at}>{entry.at.replace('T', ' ').slice(0, 19)}</time>
                  </td>
                  <td>{entry.ownerEmail ?? t.nobody}</td>
                  <td>{entry.action}</td>
                  <td>{entry.subject ?? ''}</td>
                  <td>{entry.detail ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="admin-pages">
        {view.page > 1 && <a href={`/admin/audit?page=${view.page - 1}`}>{t.newer}</a>}
        {view.more && <a href={`/admin/audit?page=${view.page + 1}`}>{t.older}</a>}
      </p>
    </>
  );
  return drawAdminPage({ title: t.title, language, ...pageOwner(request), section: '/admin/audit', body });
}
