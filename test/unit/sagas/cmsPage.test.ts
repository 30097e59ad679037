import { expectSaga } from 'redux-saga-test-plan';
import { throwError } from 'redux-saga-test-plan/providers';
import * as matchers from 'redux-saga-test-plan/matchers';
import { loadPageData } from '../../../sagas/page';
import { fetchCmsPage } from '../../../src/api/cms';
import type { CmsPageResponse } from '../../../src/api/wire';
import { locationOf, pageTypeOf } from '../../../src/app/routes';
import { infoPageLink, infoPageSlug } from '../../../src/domain/infoPages';
import { pageLoaded } from '../../../store/pageSlice';
import { pageStateFrom } from '../../../src/app/pageData';
import { HttpError } from '../../../src/api/http';

const returns: CmsPageResponse = {
  slug: 'resi-e-rimborsi',
  lang: 'it',
  title: 'Resi e rimborsi',
  body: '<p>14 giorni</p>',
  link: '/pages/resi-e-rimborsi',
  alternates: [{ lang: 'en', title: 'Returns and refunds', link: '/pages/returns-and-refunds' }],
};

describe('information pages (page type cms)', () => {
  it('an address /pages/{slug} is a cms page; anything else under /pages is not', () => {
    expect(pageTypeOf('/pages/resi-e-rimborsi')).toEqual({ type: 'cms', productId: null });
    expect(pageTypeOf('/pages/')).toEqual({ type: 'noProduct', productId: null });
    expect(pageTypeOf('/pages/a/b')).toEqual({ type: 'noProduct', productId: null });
    expect(infoPageSlug('/pages/Resi')).toBeNull();
  });

  it('each topic links to its page in the language shown, Italian for another', () => {
    expect(infoPageLink('returns', 'it')).toBe('/pages/resi-e-rimborsi');
    expect(infoPageLink('returns', 'pl')).toBe('/pl/pages/zwroty-i-zwrot-pieniedzy');
    expect(infoPageLink('terms', 'en')).toBe('/en/pages/terms-and-conditions');
    expect(infoPageLink('shipping', 'de')).toBe('/pages/spedizioni-e-consegne');
  });

  it('loads the page data for its slug into page.cmsPage (the page slice the server would draw)', () => {
    const location = locationOf('/pages/resi-e-rimborsi', '');
    return expectSaga(loadPageData, location)
      .withState({ vehicle: { saved: null } })
      .provide([[matchers.call.fn(fetchCmsPage), returns]])
      .call(fetchCmsPage, 'resi-e-rimborsi')
      .put(pageLoaded(pageStateFrom(location, { cmsPage: returns })))
      .run();
  });

  it('a fetched body is sanitised before it reaches the store', async () => {
    const location = locationOf('/pages/resi-e-rimborsi', '');
    const hostile = { ...returns, body: '<p>14 giorni</p><img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>' };
    const { effects } = await expectSaga(loadPageData, location)
      .withState({ vehicle: { saved: null } })
      .provide([[matchers.call.fn(fetchCmsPage), hostile]])
      .run();
    const stored = (effects.put.at(-1)!.payload.action as ReturnType<typeof pageLoaded>).payload.cmsPage!;
    expect(stored.body).toContain('<p>14 giorni</p>');
    expect(stored.body).not.toMatch(/onerror|__pwned|<script/);
  });

  it('an unknown slug (404) is the no-product page', async () => {
    const location = locationOf('/pages/nessuna-pagina', '');
    await expectSaga(loadPageData, location)
      .withState({ vehicle: { saved: null } })
      .provide([[matchers.call.fn(fetchCmsPage), throwError(new HttpError('No information page at this address', 404))]])
      .put(pageLoaded(pageStateFrom(location, { cmsPage: null })))
      .run();
    expect(pageStateFrom(location, { cmsPage: null }).location?.type).toBe('noProduct');
  });
});
