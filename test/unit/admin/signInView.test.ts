import { createActor } from 'xstate';
import { ownerSignInMachine } from '../../../machines/ownerSignIn';
import { drawSignInPage } from '../../../server/render/admin/signIn';
import { attachSignIn } from '../../../src/admin/signInView';

/**
 * The sign-in page as the admin bundle drives it (issue 36): the server's page, the machine's
 * states shown on it (busy, the refusal, the code's form in place), the server's own notice kept
 * until the owner acts.
 */
function page(notice: Parameters<typeof drawSignInPage>[0]['notice']) {
  const html = drawSignInPage({ language: 'it', csrfToken: 'T'.repeat(43), notice });
  document.documentElement.innerHTML = /<html[^>]*>([\s\S]*)<\/html>/.exec(html)![1];
  document.documentElement.lang = 'it';
  const actor = createActor(ownerSignInMachine);
  const render = attachSignIn(document, (event) => actor.send(event))!;
  expect(render).not.toBeNull();
  actor.subscribe((snapshot) => render(snapshot));
  actor.start();
  render(actor.getSnapshot());
  return actor;
}

const passwordForm = () => document.querySelector<HTMLFormElement>('form[data-sign-in-form="password"]')!;
const codeForm = () => document.querySelector<HTMLFormElement>('form[data-sign-in-form="code-inline"]')!;
const status = () => document.querySelector('[data-sign-in-status]')!.textContent;

it("keeps the server's notice until the owner sends the form", () => {
  page('signedOut');
  expect(status()).toBe('Sei uscito dalla gestione.');
});

it('a submit is the machine\'s: busy and disabled while checking, then the refusal said in place', () => {
  const actor = page(null);
  (document.getElementById('sign-in-email') as HTMLInputElement).value = 'o@example.it';
  (document.getElementById('sign-in-password') as HTMLInputElement).value = 'pw';
  const submitted = passwordForm().dispatchEvent(new Event('submit', { cancelable: true }));
  expect(submitted).toBe(false); // no page load
  expect(actor.getSnapshot().value).toBe('checkingPassword');
  expect(passwordForm().querySelector('button')!.disabled).toBe(true);
  expect(status()).toBe('Verifica in corso…');
  actor.send({ type: 'THROTTLED', seconds: 42 });
  expect(status()).toBe('Troppi tentativi: riprova tra 42 secondi.');
  expect(document.querySelector('[data-sign-in-status] [role="alert"]')).not.toBeNull();
  expect(passwordForm().querySelector('button')!.disabled).toBe(false);
});

it('the code form takes the password form\'s place, focused, when the code is needed', () => {
  const actor = page(null);
  expect(codeForm().hidden).toBe(true);
  actor.send({ type: 'SUBMIT', email: 'o@example.it', password: 'pw' });
  actor.send({ type: 'CODE_NEEDED' });
  expect(passwordForm().hidden).toBe(true);
  expect(codeForm().hidden).toBe(false);
  expect(document.activeElement).toBe(document.getElementById('sign-in-inline-code'));
  expect(document.getElementById('sign-in-title')!.textContent).toBe('Codice di verifica');
});
