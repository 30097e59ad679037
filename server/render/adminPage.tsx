import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { escapeHtml } from '../../src/domain/seoHtml';
import { adminTexts, fill } from '../../src/i18n/admin';
import type { Language } from '../../src/i18n/runtime';
import { builtAssets, type BuiltAssets } from './assets';

/**
 * The back office's pages (issue 36), drawn on the server: the admin layout (its navigation,
 * who is signed in, a sign-out form carrying the session's token) around a page's body. Only the
 * admin bundle is linked (webpack entry `admin`, src/admin/), no storefront code, and the policy
 * allows no inline script nor inline style: every form works without JavaScript, the bundle only
 * improves them.
 */
export const ADMIN_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** The admin chunk's files, from the build the server serves (set once the owner area is registered). */
let assetsOf: (() => BuiltAssets | null) | null = null;
export function setAdminAssetsDir(staticDir: string): void {
  assetsOf = builtAssets(staticDir);
}

/** The back office's sections, in the navigation's order: path under /admin and text key. */
export const ADMIN_SECTIONS = [
  { path: '/admin/', key: 'firstScreen' },
  { path: '/admin/orders', key: 'orders' },
  { path: '/admin/products', key: 'products' },
  { path: '/admin/imports', key: 'imports' },
  { path: '/admin/messages', key: 'messages' },
  { path: '/admin/settings', key: 'settings' },
  { path: '/admin/audit', key: 'audit' },
  { path: '/admin/security', key: 'security' },
] as const;

export interface AdminPageParts {
  title: string;
  language: Language;
  /** The session's token for the page's forms (sign-out among them); the sign-in form's before a session. */
  csrfToken: string;
  /** Who is signed in; null on the sign-in pages (no navigation). */
  owner: { id: number; email: string } | null;
  body: ReactElement;
  /** The section the page belongs to (its link is marked current), by path. */
  section?: (typeof ADMIN_SECTIONS)[number]['path'];
}

/** The hidden field every back-office form carries (the guard reads `_csrf`). */
export function CsrfField({ token }: { token: string }): ReactElement {
  return <input type="hidden" name="_csrf" value={token} />;
}

function Layout({ parts }: { parts: AdminPageParts }): ReactElement {
  const t = adminTexts(parts.language).layout;
  return (
    <>
      <a className="admin-skip" href="#admin-main">
        {t.skipToContent}
      </a>
      <header className="admin-header">
        <p className="admin-brand">{t.backOffice}</p>
        {parts.owner && (
          <div className="admin-who">
            <span>{fill(t.signedInAs, { email: parts.owner.email })}</span>
            <form method="post" action="/admin/sign-out" className="admin-sign-out">
              <CsrfField token={parts.csrfToken} />
              <button type="submit">{t.signOut}</button>
            </form>
          </div>
        )}
      </header>
      {parts.owner && (
        <nav className="admin-nav" aria-label={t.navigation}>
          <ul>
            {ADMIN_SECTIONS.map((section) => (
              <li key={section.path}>
                <a href={section.path} aria-current={parts.section === section.path ? 'page' : undefined}>
                  {t[section.key]}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <main id="admin-main" className="admin-main">
        {parts.body}
      </main>
    </>
  );
}

/** The whole HTML document of a back-office page. */
export function drawAdminPage(parts: AdminPageParts): string {
  const assets = assetsOf?.()?.chunks.admin ?? { js: [], css: [] };
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    `<meta name="csrf-token" content="${escapeHtml(parts.csrfToken)}">`,
    `<title>${escapeHtml(parts.title)} · ${escapeHtml(adminTexts(parts.language).layout.backOffice)}</title>`,
    ...assets.css.map((file) => `<link rel="stylesheet" href="/${escapeHtml(file)}">`),
    ...assets.js.map((file) => `<script defer src="/${escapeHtml(file)}"></script>`),
  ].join('');
  const body = renderToStaticMarkup(<Layout parts={parts} />);
  return `<!doctype html><html lang="${escapeHtml(parts.language)}"><head>${head}</head><body class="admin">${body}</body></html>`;
}
