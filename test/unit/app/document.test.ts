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

  it('links the shop’s styles, and names the page chunk’s own script without linking it or the app’s', () => {
    const html = pageDocument(
      {
        template: '<!doctype html><html><head><script defer src="/assets/main.js"></script><link href="/assets/main.css" rel="stylesheet"></head><body><div id="root"></div></body></html>',
        chunks: {
          main: { js: ['assets/main.js'], css: ['assets/main.css'] },
          app: { js: ['assets/vendors.js', 'assets/app.js'], css: ['assets/app.css'] },
          'page-product': { js: ['assets/vendors.js', 'assets/page-product.js'], css: ['assets/app.css', 'assets/page-product.css'] },
        },
      },
      { language: 'it', nonce: '', head: '', root: '<p>x</p>', state: {}, pageChunk: 'page-product' },
    );
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.match(/<link rel="stylesheet" href="[^"]+">/g)).toEqual(['<link rel="stylesheet" href="/assets/app.css">', '<link rel="stylesheet" href="/assets/page-product.css">']);
    expect(html.match(/<script[^>]* src="[^"]+"/g)).toEqual(['<script defer src="/assets/main.js"']);
    // Named for the entry, which asks for it with the app's script once the first screen is painted.
    expect(head).toContain('<meta name="page-scripts" content="/assets/page-product.js">');
  });
});
