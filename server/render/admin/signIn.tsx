import type { ReactElement } from 'react';
import { adminTexts, fill } from '../../../src/i18n/admin';
import type { Language } from '../../../src/i18n/runtime';
import { CsrfField, drawAdminPage } from '../adminPage';

/** What the sign-in page says above its form. */
export type SignInNotice = 'wrong' | 'expired' | 'signedOut' | { throttled: number } | null;

function Notice({ language, notice }: { language: Language; notice: SignInNotice }): ReactElement | null {
  const t = adminTexts(language).signIn;
  if (!notice) return null;
  const text = typeof notice === 'object' ? fill(t.throttled, { seconds: notice.throttled }) : notice === 'wrong' ? t.wrong : notice === 'expired' ? t.expired : t.signedOut;
  const alert = notice !== 'signedOut';
  return (
    <p className={alert ? 'admin-notice admin-notice-error' : 'admin-notice'} role={alert ? 'alert' : 'status'} data-sign-in-notice>
      {text}
    </p>
  );
}

/** The sign-in form (e-mail and password): a plain form post; the admin bundle sends it by the sign-in machine when it runs. */
export function drawSignInPage(parts: { language: Language; csrfToken: string; notice: SignInNotice; email?: string }): string {
  const t = adminTexts(parts.language).signIn;
  const body = (
    <section className="admin-sign-in" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">{t.title}</h1>
      <div data-sign-in-status aria-live="polite">
        <Notice language={parts.language} notice={parts.notice} />
      </div>
      <form method="post" action="/admin/sign-in" data-sign-in-form="password">
        <CsrfField token={parts.csrfToken} />
        <label htmlFor="sign-in-email">{t.email}</label>
        <input id="sign-in-email" name="email" type="email" autoComplete="username" required maxLength={254} defaultValue={parts.email ?? ''} />
        <label htmlFor="sign-in-password">{t.password}</label>
        <input id="sign-in-password" name="password" type="password" autoComplete="current-password" required maxLength={256} />
        <button type="submit">{t.submit}</button>
      </form>
      {/* The code's form for the admin bundle's sign-in machine (shown in place, without a page load); without JavaScript the code page is drawn instead. */}
      <form method="post" action="/admin/sign-in/code" data-sign-in-form="code-inline" hidden>
        <CsrfField token={parts.csrfToken} />
        <p id="sign-in-inline-code-hint">{t.codeHint}</p>
        <label htmlFor="sign-in-inline-code">{t.code}</label>
        <input id="sign-in-inline-code" name="code" type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={32} aria-describedby="sign-in-inline-code-hint" />
        <button type="submit">{t.codeSubmit}</button>
      </form>
    </section>
  );
  return drawAdminPage({ title: t.title, language: parts.language, csrfToken: parts.csrfToken, owner: null, body });
}

/** The second factor's form: a TOTP code or a recovery code. */
export function drawCodePage(parts: { language: Language; csrfToken: string; notice: 'wrongCode' | { throttled: number } | null }): string {
  const t = adminTexts(parts.language).signIn;
  const notice = parts.notice === null ? null : typeof parts.notice === 'object' ? fill(t.throttled, { seconds: parts.notice.throttled }) : t.wrongCode;
  const body = (
    <section className="admin-sign-in" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">{t.codeTitle}</h1>
      <div data-sign-in-status aria-live="polite">
        {notice && (
          <p className="admin-notice admin-notice-error" role="alert" data-sign-in-notice>
            {notice}
          </p>
        )}
      </div>
      <form method="post" action="/admin/sign-in/code" data-sign-in-form="code">
        <CsrfField token={parts.csrfToken} />
        <p id="sign-in-code-hint">{t.codeHint}</p>
        <label htmlFor="sign-in-code">{t.code}</label>
        <input id="sign-in-code" name="code" type="text" inputMode="numeric" autoComplete="one-time-code" required maxLength={32} aria-describedby="sign-in-code-hint" />
        <button type="submit">{t.codeSubmit}</button>
      </form>
    </section>
  );
  return drawAdminPage({ title: t.codeTitle, language: parts.language, csrfToken: parts.csrfToken, owner: null, body });
}
