import { fill } from '../i18n/admin';
import { importTexts } from '../i18n/admin/imports';
import { isLanguage } from '../i18n/runtime';
import { pageToken } from './api';

/**
 * The catalogue import's form (drawn by the server, server/render/admin/imports.tsx) with a
 * progress bar: the same multipart post, sent by XMLHttpRequest so its upload progress shows in
 * the form's labelled `<progress>` (then an indeterminate bar while the server checks and
 * applies the file); the server's answer page gives its outcome (applied, or the errors by line),
 * put in place of the page's. Without this script the form posts and the answer is a page.
 * Answers whether the page has the form.
 */
export function attachImport(doc: Document): boolean {
  const form = doc.querySelector<HTMLFormElement>('form[data-import-form]');
  const box = doc.querySelector<HTMLElement>('[data-import-progress]');
  const bar = box?.querySelector('progress');
  const text = box?.querySelector<HTMLElement>('[data-import-progress-text]');
  const outcome = doc.querySelector<HTMLElement>('[data-import-outcome]');
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!form || !box || !bar || !text || !outcome || !button) return false;
  const lang = doc.documentElement.lang;
  const t = importTexts(isLanguage(lang) ? lang : 'it');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (form.getAttribute('aria-busy') === 'true') return;
    const body = new FormData(form);
    form.setAttribute('aria-busy', 'true');
    button.disabled = true;
    outcome.replaceChildren();
    box.hidden = false;
    bar.value = 0;
    text.textContent = fill(t.uploading, { percent: 0 });
    const request = new XMLHttpRequest();
    request.open('POST', form.action);
    request.responseType = 'document';
    request.setRequestHeader('accept', 'text/html');
    request.setRequestHeader('x-csrf-token', pageToken(doc));
    request.upload.addEventListener('progress', (progress) => {
      if (!progress.lengthComputable) return;
      const percent = Math.floor((progress.loaded / progress.total) * 100);
      bar.value = percent;
      text.textContent = fill(t.uploading, { percent });
    });
    request.upload.addEventListener('load', () => {
      // Sent: the server checks and applies it now (no measure of that: an indeterminate bar).
      bar.removeAttribute('value');
      text.textContent = t.applying;
    });
    const done = () => {
      form.removeAttribute('aria-busy');
      button.disabled = false;
    };
    request.addEventListener('load', () => {
      done();
      const answer = (request.response as Document | null)?.querySelector('[data-import-outcome]');
      if (!answer) {
        text.textContent = t.failed;
        return;
      }
      box.hidden = true;
      text.textContent = '';
      outcome.replaceChildren(...[...answer.childNodes].map((node) => doc.importNode(node, true)));
      form.reset();
    });
    request.addEventListener('error', () => {
      done();
      text.textContent = t.failed;
    });
    request.send(body);
  });
  return true;
}
