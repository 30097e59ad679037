import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { loadPageData } from '../../../sagas/page';
import { fetchCmsPage } from '../../../src/api/cms';
import type { CmsPageResponse } from '../../../src/api/wire';
import { locationOf, pageTypeOf } from '../../../src/app/routes';
import { infoPageLink, infoPageSlug } from '../../../src/domain/infoPages';
import { cmsPageLoaded } from '../../../store/pageSlice';

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
    expect(infoPageLink('returns', 'pl')).toBe('/pages/zwroty-i-zwrot-pieniedzy');
    expect(infoPageLink('terms', 'en')).toBe('/pages/terms-and-conditions');
    expect(infoPageLink('shipping', 'de')).toBe('/pages/spedizioni-e-consegne');
  });

  it('loads the page data for its slug into page.cmsPage', () => {
    return expectSaga(loadPageData, locationOf('/pages/resi-e-rimborsi', ''))
      .provide([[matchers.call.fn(fetchCmsPage), returns]])
      .call(fetchCmsPage, 'resi-e-rimborsi')
      .put(cmsPageLoaded(returns))
      .run();
  });

  it('step by step: one call, one put (testSaga)', () => {
    testSaga(loadPageData, locationOf('/pages/returns-and-refunds', ''))
      .next()
      .call(fetchCmsPage, 'returns-and-refunds')
      .next(returns)
      .put(cmsPageLoaded(returns))
      .next()
      .isDone();
  });
});
