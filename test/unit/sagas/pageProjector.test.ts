import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { loadPageData, PROJECTOR_SECTION } from '../../../sagas/page';
import { fetchShopData } from '../../../src/api/basket';
import type { ProductPageData } from '../../../src/api/wire';
import { locationOf } from '../../../src/app/routes';
import { pageLoaded } from '../../../store/pageSlice';

/** Issue 23, point 16: a product page the server did not draw takes its data from the shop data bundle's Projector section. */
describe('page saga: the product page data from the Projector section', () => {
  const product = { product_id: 11, name: 'Pastiglie freno', longDescription: '<p>Ok</p>', sizes: {} } as unknown as ProductPageData;

  it('asks the bundle for Projector with format json and empty params, and draws the product it answers', async () => {
    const location = locationOf('/product-11-pastiglie-freno.html', '');
    const { effects } = await expectSaga(loadPageData, location)
      .withState({ vehicle: { saved: null } })
      .provide([[matchers.call.fn(fetchShopData), { Projector: { response: product } }]])
      .call(fetchShopData, { Projector: { format: 'json', params: {} } })
      .run();
    expect(PROJECTOR_SECTION).toEqual({ Projector: { format: 'json', params: {} } });
    const loaded = (effects.put.at(-1)!.payload.action as ReturnType<typeof pageLoaded>).payload;
    expect(loaded.location).toMatchObject({ type: 'product', productId: 11 });
    expect(loaded.product).toMatchObject({ product_id: 11, name: 'Pastiglie freno' });
  });

  it('a Projector answer of null (no such product) is the no-product page', async () => {
    const location = locationOf('/product-999999-nothing.html', '');
    const { effects } = await expectSaga(loadPageData, location)
      .withState({ vehicle: { saved: null } })
      .provide([[matchers.call.fn(fetchShopData), { Projector: { response: null } }]])
      .run();
    const loaded = (effects.put.at(-1)!.payload.action as ReturnType<typeof pageLoaded>).payload;
    expect(loaded.location?.type).toBe('noProduct');
  });
});
