import { addressIn, hreflangAlternates, localizeHtmlLinks, localPath, pageAddresses, preferredAddress, splitLanguagePath } from '../../../src/domain/languagePaths';
import { brakesHead, cmsHead, listingHead } from '../../../src/domain/seo';
import { renderHead } from '../../../src/domain/seoHtml';
import { apiAddress } from '../../../sagas/partialLoad';
import type { ListingResponse } from '../../../src/api/wire';

/** Languages in the address (issue 22): the pure rules every side shares. */
describe('languages in the address', () => {
  it('reads a language and the page inside it from a path', () => {
    expect(splitLanguagePath('/pl/search.php')).toEqual({ language: 'pl', path: '/search.php', prefix: '/pl' });
    expect(splitLanguagePath('/en/')).toEqual({ language: 'en', path: '/', prefix: '/en' });
    expect(splitLanguagePath('/pl')).toEqual({ language: 'pl', path: '/', prefix: '/pl' });
    expect(splitLanguagePath('/product-1-x.html')).toEqual({ language: 'it', path: '/product-1-x.html', prefix: '' });
    // Not a language: a path that merely begins with its letters.
    expect(splitLanguagePath('/plus.php')).toEqual({ language: 'it', path: '/plus.php', prefix: '' });
  });

  it('puts a shop page link in the page\'s language, and leaves every other address alone', () => {
    expect(localPath('/search.php?traits_alt[24]=1', 'pl')).toBe('/pl/search.php?traits_alt[24]=1');
    expect(localPath('/', 'en')).toBe('/en/');
    expect(localPath('/?x=1', 'en')).toBe('/en/?x=1');
    expect(localPath('/product-11-x.html', 'en')).toBe('/en/product-11-x.html');
    expect(localPath('/pages/regulamin', 'pl')).toBe('/pl/pages/regulamin');
    expect(localPath('/product-11-x.html', 'it')).toBe('/product-11-x.html');
    for (const other of ['/ajax/basket.php', '/graphql/v1/', '/gfx/extra/a.js', '//evil.example/search.php', 'https://x.example/', '#content', 'tel:+39', '/pl/contact.php', '/en/']) {
      expect(localPath(other, 'pl')).toBe(other);
    }
    expect(localPath('/contact.php', 'de')).toBe('/contact.php');
    // An answer without its link draws a link without an address, and nothing breaks.
    expect(localPath(undefined as unknown as string, 'pl')).toBeUndefined();
  });

  it('the same page in every language: information pages by their topic', () => {
    expect(pageAddresses('/search.php', '?a=1')).toEqual({ it: '/search.php?a=1', pl: '/pl/search.php?a=1', en: '/en/search.php?a=1' });
    expect(pageAddresses('/pages/resi-e-rimborsi')).toEqual({ it: '/pages/resi-e-rimborsi', pl: '/pl/pages/zwroty-i-zwrot-pieniedzy', en: '/en/pages/returns-and-refunds' });
    expect(hreflangAlternates(pageAddresses('/'), (path) => `https://s.example${path}`)).toEqual([
      ['it', 'https://s.example/'],
      ['pl', 'https://s.example/pl/'],
      ['en', 'https://s.example/en/'],
      ['x-default', 'https://s.example/'],
    ]);
    expect(addressIn('it', '/x')).toBe('/x');
  });

  it('redirects only what is not a page\'s own address', () => {
    expect(preferredAddress('/search.php', '?traits_alt[24]=1')).toBeNull();
    expect(preferredAddress('/pl/search.php', '?traits_alt[24]=1')).toBeNull();
    expect(preferredAddress('/pl/pages/regulamin', '')).toBeNull();
    expect(preferredAddress('/search.php', '?lang=en&traits_alt[24]=1')).toBe('/en/search.php?traits_alt%5B24%5D=1');
    expect(preferredAddress('/en/', '?lang=it')).toBe('/');
    expect(preferredAddress('/pages/regulamin', '')).toBe('/pl/pages/regulamin');
    expect(preferredAddress('/en/pages/regulamin', '?x=1')).toBe('/en/pages/terms-and-conditions?x=1');
    // Never to another site.
    expect(preferredAddress('/it//evil.example/x', '')).toBe('/evil.example/x');
    expect(preferredAddress('//evil.example/x', '?lang=it')).toBe('/evil.example/x');
    expect(preferredAddress('/pl//evil.example', '?lang=en')).toBe('/en/evil.example');
  });

  it('links inside a page\'s own HTML follow its language', () => {
    expect(localizeHtmlLinks('<p><a href="/pages/wysylka-i-dostawa">a</a> <a class="x" href="/contact.php">b</a> <a href="https://x.example/">c</a></p>', 'pl')).toBe(
      '<p><a href="/pl/pages/wysylka-i-dostawa">a</a> <a class="x" href="/pl/contact.php">b</a> <a href="https://x.example/">c</a></p>',
    );
  });

  it('a partial load asks the data at the API\'s own address', () => {
    expect(apiAddress('/pl/search.php?traits_alt[24]=1&page=2')).toBe('/search.php?traits_alt[24]=1&page=2');
    expect(apiAddress('/search.php?page=2')).toBe('/search.php?page=2');
  });

  it('each head names its page in its language, and every language as an alternate', () => {
    const opts = { origin: 'https://s.example', lang: 'pl' as const };
    const html = renderHead(brakesHead(opts), 'n');
    expect(html).toContain('<link rel="canonical" href="https://s.example/pl/brakes.php">');
    expect(html).toContain('<link rel="alternate" hreflang="it" href="https://s.example/brakes.php">');
    expect(html).toContain('<link rel="alternate" hreflang="en" href="https://s.example/en/brakes.php">');
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="https://s.example/brakes.php">');
    const cms = cmsHead({ name: 'Regulamin', link: '/pl/pages/regulamin', body: '<p>x</p>' }, opts);
    expect(cms.canonical).toBe('https://s.example/pl/pages/regulamin');
    expect(cms.alternates).toContainEqual(['en', 'https://s.example/en/pages/terms-and-conditions']);
    const listing: ListingResponse = { products: [{ link: '/product-5-x.html', name: 'P' } as ListingResponse['products'][number]], total: 1, page: 1, pageSize: 24, categories: [[148728, 'Klocki', 1]], producers: [], query: {} } as unknown as ListingResponse;
    const head = listingHead(listing, { 'traits_alt[24]': '148728' }, opts);
    expect(head.canonical).toBe('https://s.example/pl/search.php?traits_alt%5B24%5D=148728');
    expect(JSON.stringify(head.jsonLd)).toContain('https://s.example/pl/product-5-x.html');
    expect(JSON.stringify(head.jsonLd)).not.toContain('https://s.example/product-5');
  });
});
