import type { FastifyRequest } from 'fastify';
import { fill } from '../../../src/i18n/admin';
import { importTexts } from '../../../src/i18n/admin/imports';
import type { Language } from '../../../src/i18n/runtime';
import type { CatalogueError } from '../../db/catalogue/format';
import type { ImportSummary } from '../../db/catalogue/store';
import { drawAdminPage } from '../adminPage';
import { pageOwner } from './simplePages';

/** What the last upload came to, for the page that answers it. */
export type ImportOutcome =
  | { kind: 'applied'; fileName: string; summary: ImportSummary; mailed: number }
  | { kind: 'refused'; fileName: string; errors: CatalogueError[]; errorCount: number; numbering: 'line' | 'record' }
  | { kind: 'noFile' | 'tooLarge' | 'busy' };

/**
 * The catalogue import (issue 36, point 4): a multipart form that posts the file (its action
 * carries the session's token, `?_csrf=`, since the guard reads a multipart body's token there),
 * and the answer: the check's errors by line and field (nothing written), or what was applied.
 * The admin bundle (src/admin/importView.ts) sends the same form with a progress bar.
 */
export function drawImportPage(request: FastifyRequest, language: Language, maxMb: number, outcome: ImportOutcome | null): string {
  const t = importTexts(language);
  const { csrfToken } = pageOwner(request);
  const body = (
    <>
      <h1>{t.title}</h1>
      <div data-import-outcome>{outcome && <Outcome outcome={outcome} language={language} maxMb={maxMb} />}</div>
      <p>{fill(t.intro, { mb: maxMb })}</p>
      <form method="post" action={`/admin/imports?_csrf=${encodeURIComponent(csrfToken)}`} encType="multipart/form-data" className="admin-form" data-import-form>
        <p className="admin-field">
          <label htmlFor="import-file">{t.file}</label>
          <input id="import-file" name="catalogue" type="file" accept=".jsonl,.json,.ndjson,application/json,application/x-ndjson,text/plain" required />
        </p>
        <p>
          <button type="submit">{t.submit}</button>
        </p>
        <div className="admin-import-progress" data-import-progress hidden>
          <label htmlFor="import-progress">{t.progressLabel}</label>
          <progress id="import-progress" max={100} />
          <p role="status" data-import-progress-text />
        </div>
      </form>
    </>
  );
  return drawAdminPage({ title: t.title, language, ...pageOwner(request), section: '/admin/imports', body });
}

function Outcome({ outcome, language, maxMb }: { outcome: ImportOutcome; language: Language; maxMb: number }) {
  const t = importTexts(language);
  if (outcome.kind === 'applied') {
    const { products, restocked } = outcome.summary;
    return (
      <div className="admin-notice" role="status" data-import-applied>
        <p>{fill(t.applied, { file: outcome.fileName, total: products.total, added: products.added, updated: products.updated, removed: products.removed })}</p>
        {restocked.length > 0 && <p>{outcome.mailed ? fill(t.mailed, { count: outcome.mailed }) : fill(t.waiting, { count: restocked.length })}</p>}
      </div>
    );
  }
  if (outcome.kind !== 'refused') {
    const text = outcome.kind === 'noFile' ? t.noFile : outcome.kind === 'busy' ? t.busy : fill(t.tooLarge, { mb: maxMb });
    return (
      <p className="admin-notice admin-notice-error" role="alert">
        {text}
      </p>
    );
  }
  return (
    <>
      <p className="admin-notice admin-notice-error" role="alert" data-import-refused>
        {fill(t.refused, { count: outcome.errorCount, file: outcome.fileName })} {outcome.errorCount > outcome.errors.length && fill(t.refusedMore, { shown: outcome.errors.length })}
      </p>
      {/* A region of its own that takes the keyboard: a narrow screen scrolls the table sideways. */}
      <div className="admin-table-wrap" role="region" aria-label={t.errorsCaption} tabIndex={0}>
        <table className="admin-table" data-import-errors>
          <caption>{t.errorsCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{outcome.numbering === 'line' ? t.line : t.record}</th>
              <th scope="col">{t.field}</th>
              <th scope="col">{t.reason}</th>
            </tr>
          </thead>
          <tbody>
            {outcome.errors.map((error, i) => (
              <tr key={i}>
                <td>{error.line || t.wholeFile}</td>
                <td>
                  <code>{error.field}</code>
                </td>
                <td>{error.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
