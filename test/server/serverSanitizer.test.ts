import { ensureServerSanitizer, sanitizeHtml } from '../../server/render/sanitizer';

describe('the server\u2019s HTML cleaning', () => {
  it('cleans what the policy forbids, and answers the same source again without cleaning it again', () => {
    const purifier = ensureServerSanitizer();
    const sanitize = jest.spyOn(purifier, 'sanitize');
    const source = `<p class="lead" onclick="steal()">Pastiglie <img src="/x.jpg" onerror="steal()"><script>steal()</script><b id="cookie">ok</b></p> ${Math.random()}`;
    const first = sanitizeHtml(source);
    expect(first).toContain('<p class="lead">Pastiglie <img src="/x.jpg"><b>ok</b></p>');
    expect(first).not.toMatch(/onclick|onerror|script|id=/);
    expect(sanitizeHtml(source)).toBe(first);
    expect(sanitize).toHaveBeenCalledTimes(1);
    // Another source is cleaned on its own.
    expect(sanitizeHtml('<em>freni</em><iframe src="https://evil.example"></iframe>')).toBe('<em>freni</em>');
    expect(sanitize).toHaveBeenCalledTimes(2);
    sanitize.mockRestore();
  });

  it('cleans a long source every time (nothing that large is kept)', () => {
    const purifier = ensureServerSanitizer();
    const sanitize = jest.spyOn(purifier, 'sanitize');
    const long = `<p>${'dischi freno '.repeat(2_000)}</p><script>x()</script>`;
    expect(sanitizeHtml(long)).not.toContain('script');
    sanitizeHtml(long);
    expect(sanitize).toHaveBeenCalledTimes(2);
    sanitize.mockRestore();
  });
});
