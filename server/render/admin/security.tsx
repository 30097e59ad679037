import type { FastifyRequest } from 'fastify';
import { adminTexts, fill } from '../../../src/i18n/admin';
import type { Language } from '../../../src/i18n/runtime';
import { CsrfField, drawAdminPage } from '../adminPage';
import { pageOwner } from './simplePages';

export type SecurityView =
  | { kind: 'status'; totp: boolean; notice?: 'turnedOff' | 'wrongCode' | { othersSignedOut: number } }
  | { kind: 'setup'; secret: string; uri: string; wrongCode?: boolean }
  | { kind: 'turnedOn'; recoveryCodes: string[] };

/** The owner's sign-in and security page: the second factor's state, turning it on (the key, a code) or off, other sessions. */
export function drawSecurityPage(request: FastifyRequest, language: Language, view: SecurityView): string {
  const t = adminTexts(language).security;
  const { csrfToken } = pageOwner(request);
  let content;
  if (view.kind === 'setup') {
    content = (
      <>
        {view.wrongCode && (
          <p className="admin-notice admin-notice-error" role="alert">
            {t.wrongCode}
          </p>
        )}
        <p>{t.secretIntro}</p>
        <dl className="admin-secret">
          <dt>{t.secret}</dt>
          <dd>
            <code data-totp-secret>{view.secret}</code>
          </dd>
          <dt>{t.uri}</dt>
          <dd>
            <a href={view.uri} data-totp-uri>
              {view.uri}
            </a>
          </dd>
        </dl>
        <form method="post" action="/admin/security/2fa">
          <CsrfField token={csrfToken} />
          <input type="hidden" name="secret" value={view.secret} />
          <label htmlFor="totp-confirm">{adminTexts(language).signIn.code}</label>
          <input id="totp-confirm" name="code" type="text" inputMode="numeric" autoComplete="one-time-code" required maxLength={8} />
          <button type="submit">{t.confirm}</button>
        </form>
      </>
    );
  } else if (view.kind === 'turnedOn') {
    content = (
      <>
        <p className="admin-notice" role="status">
          {t.turnedOn}
        </p>
        <h2>{t.recoveryCodes}</h2>
        <ul className="admin-recovery-codes" data-recovery-codes>
          {view.recoveryCodes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
      </>
    );
  } else {
    const notice = view.notice;
    content = (
      <>
        {notice === 'turnedOff' && (
          <p className="admin-notice" role="status">
            {t.turnedOff}
          </p>
        )}
        {notice === 'wrongCode' && (
          <p className="admin-notice admin-notice-error" role="alert">
            {t.wrongCode}
          </p>
        )}
        {typeof notice === 'object' && (
          <p className="admin-notice" role="status">
            {fill(t.othersSignedOut, { count: notice.othersSignedOut })}
          </p>
        )}
        <p data-two-factor={view.totp ? 'on' : 'off'}>{view.totp ? t.twoFactorOn : t.twoFactorOff}</p>
        {view.totp ? (
          <form method="post" action="/admin/security/2fa/off">
            <CsrfField token={csrfToken} />
            <p id="totp-off-hint">{t.turnOffHint}</p>
            <label htmlFor="totp-off">{adminTexts(language).signIn.code}</label>
            <input id="totp-off" name="code" type="text" autoComplete="one-time-code" required maxLength={32} aria-describedby="totp-off-hint" />
            <button type="submit">{t.turnOff}</button>
          </form>
        ) : (
          <p>
            <a className="admin-button" href="/admin/security/2fa">
              {t.start}
            </a>
          </p>
        )}
        <form method="post" action="/admin/security/sign-out-others">
          <CsrfField token={csrfToken} />
          <button type="submit">{t.signOutOthers}</button>
        </form>
      </>
    );
  }
  return drawAdminPage({
    title: t.title,
    language,
    ...pageOwner(request),
    section: '/admin/security',
    body: (
      <>
        <h1>{t.title}</h1>
        {content}
      </>
    ),
  });
}
