import { runScriptText } from '../../../src/api/scripts';

/**
 * Script text from the shop's own answers (tracking events, a listing's scripts after a partial
 * load) runs under the page's policy: by the page's nonce on a personal page, from a blob URL on
 * a public (cached) page, which carries no nonce (issue 22).
 */
describe('runScriptText', () => {
  const created: string[] = [];
  let appended: HTMLScriptElement[] = [];
  let append: jest.SpyInstance;

  beforeEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    appended = [];
    (URL as unknown as { createObjectURL: (blob: Blob) => string }).createObjectURL = (blob: Blob) => {
      created.push(blob.type);
      return `blob:http://localhost/${created.length}`;
    };
    (URL as unknown as { revokeObjectURL: (url: string) => void }).revokeObjectURL = () => undefined;
    append = jest.spyOn(document.body, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
      appended.push(node as unknown as HTMLScriptElement);
      return node;
    });
  });
  afterEach(() => append.mockRestore());

  it('on a page with a nonce: an inline script carrying it', () => {
    const own = document.createElement('script');
    own.setAttribute('nonce', 'abc123');
    document.head.appendChild(own);
    runScriptText('window.x = 1');
    expect(appended).toHaveLength(1);
    expect(appended[0].nonce || appended[0].getAttribute('nonce')).toBe('abc123');
    expect(appended[0].textContent).toBe('window.x = 1');
    expect(appended[0].src).toBe('');
  });

  it('on a public page (no nonce): a script from a blob URL of that text, run in order', () => {
    runScriptText('window.y = 2');
    expect(appended).toHaveLength(1);
    expect(appended[0].src).toMatch(/^blob:/);
    expect(appended[0].textContent).toBe('');
    expect(appended[0].async).toBe(false);
    expect(created.at(-1)).toBe('text/javascript');
  });
});
