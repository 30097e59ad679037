import type { SnapshotFrom } from 'xstate';
import type { ownerSignInMachine, OwnerSignInEvent } from '../../machines/ownerSignIn';
import { adminTexts, fill } from '../i18n/admin';
import { isLanguage } from '../i18n/runtime';

/**
 * The sign-in page's forms driven by the sign-in machine (issue 36): a submit becomes the
 * machine's event instead of a page load, the form shows the machine's state (busy while
 * checking, the refusal's text in its live region), and the code's form, drawn hidden by the
 * server, takes the password's place when the code is needed.
 */
type Snapshot = SnapshotFrom<typeof ownerSignInMachine>;

export function attachSignIn(doc: Document, send: (event: OwnerSignInEvent) => void): ((snapshot: Snapshot) => void) | null {
  const passwordForm = doc.querySelector<HTMLFormElement>('form[data-sign-in-form="password"]');
  const codeForm = doc.querySelector<HTMLFormElement>('form[data-sign-in-form="code-inline"]');
  const status = doc.querySelector<HTMLElement>('[data-sign-in-status]');
  if (!passwordForm || !codeForm || !status) return null;
  const language = doc.documentElement.lang;
  const t = adminTexts(isLanguage(language) ? language : 'it').signIn;
  const title = doc.getElementById('sign-in-title');

  passwordForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(passwordForm);
    send({ type: 'SUBMIT', email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') });
  });
  codeForm.addEventListener('submit', (event) => {
    event.preventDefault();
    send({ type: 'SUBMIT_CODE', code: String(new FormData(codeForm).get('code') ?? '') });
  });

  let shownState: unknown = 'password';
  return (snapshot) => {
    const state = snapshot.value;
    const checking = state === 'checkingPassword' || state === 'checkingCode' || state === 'signedIn';
    const onCode = state === 'code' || state === 'checkingCode';
    passwordForm.hidden = onCode;
    codeForm.hidden = !onCode;
    for (const form of [passwordForm, codeForm]) {
      form.setAttribute('aria-busy', String(checking));
      const button = form.querySelector('button');
      if (button) button.disabled = checking;
    }
    if (onCode && title) title.textContent = t.codeTitle;
    const failure = snapshot.context.failure;
    const text = checking
      ? t.busy
      : failure === 'throttled'
        ? fill(t.throttled, { seconds: snapshot.context.seconds })
        : failure === 'wrong'
          ? t.wrong
          : failure === 'wrongCode'
            ? t.wrongCode
            : failure === 'expired'
              ? t.expired
              : failure === 'failed'
                ? t.failed
                : null;
    status.replaceChildren();
    if (text) {
      const p = doc.createElement('p');
      p.className = failure && !checking ? 'admin-notice admin-notice-error' : 'admin-notice';
      p.setAttribute('role', failure && !checking ? 'alert' : 'status');
      p.dataset.signInNotice = '';
      p.textContent = text;
      status.append(p);
    }
    if (state !== shownState) {
      shownState = state;
      if (state === 'code') codeForm.querySelector<HTMLInputElement>('input[name="code"]')?.focus();
      if (state === 'password' && failure === 'expired') passwordForm.querySelector<HTMLInputElement>('input[name="password"]')?.focus();
    }
  };
}
