import { inlineScriptText, pageDocument } from '../../../server/render/document';

describe('the page document', () => {
  it('an inline script\u2019s text cannot close its element or open a comment', () => {
    const hostile = 'var s = "</script><script>alert(1)</SCRIPT>"; var c = "<!--";';
    const text = inlineScriptText(hostile);
    expect(text).not.toMatch(/<\/script/i);
    expect(text).not.toContain('<!--');
    // Still the same program: the escapes are inside its strings.
    expect(new Function(`${text}; return [s, c];`)()).toEqual(['</script><script>alert(1)</SCRIPT>', '<!--']);
  });

  it('places the shop\u2019s widget script at the end of the body, under the request\u2019s nonce', () => {
    const html = pageDocument(
      { template: '<!doctype html><html><head><script defer src="/assets/main.js"></script></head><body><div id="root"></div></body></html>', chunks: { main: { js: ['assets/main.js'], css: [] } } },
      { language: 'it', nonce: 'abc', head: '', root: '<p>x</p>', state: {}, pageChunk: 'page-home', widgetScript: 'window.x = "</script>";' },
    );
    expect(html).toContain('<script nonce="abc">window.x = "<\\/script>";</script><script nonce="abc" type="application/json" id="shop-state">');
    expect(html.indexOf('<script nonce="abc">window.x')).toBeGreaterThan(html.indexOf('<div id="root"><p>x</p></div>'));
  });
});
