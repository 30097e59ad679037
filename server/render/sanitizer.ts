import { JSDOM } from 'jsdom';
import { setSanitizerWindow } from '../../src/components/sanitize';

let ready = false;
/** DOMPurify on the server works on a jsdom window, made once per process. */
export function ensureServerSanitizer(): void {
  if (ready) return;
  setSanitizerWindow(new JSDOM('').window as unknown as Parameters<typeof setSanitizerWindow>[0]);
  ready = true;
}
