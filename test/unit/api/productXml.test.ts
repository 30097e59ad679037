import { AxiosError, type AxiosAdapter } from 'axios';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { loadAttributes } from '../../../sagas/product';
import { fetchProductXml, parseProductXml } from '../../../src/api/catalogue';
import { http, HttpError } from '../../../src/api/http';
import productReducer, { productXmlLoaded } from '../../../store/productSlice';

/** The shape the shop's /projector.php?getProductXML=true answers (server/routes/content.ts). */
const XML =
  '<?xml version="1.0" encoding="UTF-8"?><product id="15" type="product_item" currency="EUR"><name>Dischi</name><version name="DF 4183"/>' +
  '<attributes><attribute id="24" name="Categoria"><value>Dischi freno</value></attribute><attribute id="148722" name="Asse"><value>Anteriore</value></attribute></attributes>' +
  '<sizes><size id="S1" name="1 disco" amount="7" status="enable"><price value="30" net="24.59"/></size><size id="S2" name="Coppia (2 dischi)" amount="12" status="order"><price value="57" net="46.72"/></size></sizes></product>';

describe('the product XML (storefront spec, call 7)', () => {
  it('is read for attributes, the size versions and the sizes', () => {
    expect(parseProductXml(XML)).toEqual({
      attributes: [
        { id: '24', name: 'Categoria', values: ['Dischi freno'] },
        { id: '148722', name: 'Asse', values: ['Anteriore'] },
      ],
      versionName: 'DF 4183',
      sizes: [
        { id: 'S1', name: '1 disco', amount: 7, status: 'enable' },
        { id: 'S2', name: 'Coppia (2 dischi)', amount: 12, status: 'order' },
      ],
    });
  });

  it('refuses what is not XML', () => {
    expect(() => parseProductXml('<html><body>oops')).toThrow();
  });

  it('the product page keeps all three; a failure is ignored', async () => {
    const { storeState } = await expectSaga(loadAttributes, 15)
      .withReducer(productReducer)
      .provide([[matchers.call.fn(fetchProductXml), parseProductXml(XML)]])
      .put(productXmlLoaded(parseProductXml(XML)))
      .run();
    expect(storeState).toMatchObject({ xmlVersionName: 'DF 4183', xmlSizes: [{ id: 'S1' }, { id: 'S2' }], attributes: [{ id: '24' }, { id: '148722' }] });
    await expectSaga(loadAttributes, 15)
      .withReducer(productReducer)
      .provide([[matchers.call.fn(fetchProductXml), throwError(new Error('timeout'))]])
      .not.put.actionType(productXmlLoaded.type)
      .run();
  });

  describe('the 18 s product ajax timeout (storefront spec, section 9)', () => {
    // A server that never answers, behind a transport that gives up when the request's own
    // timeout runs out, as the browser's XMLHttpRequest does for axios.
    const silentServer: AxiosAdapter = (config) =>
      new Promise((_resolve, reject) => {
        if (config.timeout) setTimeout(() => reject(new AxiosError(`timeout of ${config.timeout}ms exceeded`, 'ECONNABORTED', config)), config.timeout);
      });
    let transport: AxiosAdapter | undefined;
    beforeEach(async () => {
      const client = await http.instance();
      transport = client.defaults.adapter as AxiosAdapter | undefined;
      client.defaults.adapter = silentServer;
      jest.useFakeTimers();
    });
    afterEach(async () => {
      jest.useRealTimers();
      (await http.instance()).defaults.adapter = transport;
    });

    it('the product XML is still awaited at 17 999 ms and given up as a timeout at 18 000 ms', async () => {
      let outcome: unknown = 'waiting';
      void fetchProductXml(15).then(
        () => (outcome = 'answered'),
        (error: unknown) => (outcome = error),
      );
      await jest.advanceTimersByTimeAsync(17_999);
      expect(outcome).toBe('waiting');
      await jest.advanceTimersByTimeAsync(1);
      expect(outcome).toBeInstanceOf(HttpError);
      expect(outcome).toMatchObject({ status: 0, reason: 'timeout' });
    });
  });
});
