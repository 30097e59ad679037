import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { parseProductXml } from '../../src/api/catalogue';
import type { InstalmentParams, LowestPriceProduct, ProjectorResponse, ShippingOption } from '../../src/api/wire';
import { PRODUCT_11, productPath, startTestShop, Visitor, type TestShop } from './helpers';

/**
 * A product page opens with its one size chosen, and the product saga would at once ask for that
 * size's data (GET /ajax/projector.php), its lowest price (GraphQL getLastLowestProductPrices),
 * its couriers (GraphQL shipping) and the instalment limits (GET /ajax/instalments.php). The
 * server draws the page with those answers (issue 24: the page opens without a call and without
 * the HTTP client). They must be exactly what the calls answer, for a visitor with no basket and
 * for one with a basket (the instalment request carries the basket).
 */
let app: FastifyInstance;
let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop();
  ({ app } = shop);
});
afterAll(async () => {
  await shop.close();
});

interface Opening {
  productId: number;
  quantity: number;
  fromServer: boolean;
  offers: Record<string, { availability: unknown; delivery: unknown; prices: unknown }>;
  lowestPrice: Record<string, unknown>;
  shippingKnown: Record<string, ShippingOption[]>;
  instalment: InstalmentParams | null;
  instalmentFor: string | null;
  attributes: unknown;
  xmlVersionName: unknown;
  xmlSizes: unknown;
}

async function openingOf(visitor: Visitor, path: string): Promise<{ product: Opening; basket: { productsCounter: number; worth: number; worth_net: number } }> {
  const response = await visitor.get(path, { accept: 'text/html' });
  expect(response.statusCode).toBe(200);
  const state = JSON.parse(/<script[^>]*id="shop-state">([\s\S]*?)<\/script>/.exec(response.body)![1]);
  return { product: state.product, basket: state.basket.summary };
}

async function graphql<T>(visitor: Visitor, query: string): Promise<T> {
  const response = await visitor.request({ method: 'POST', url: '/graphql/v1/', json: { query } });
  expect(response.statusCode).toBe(200);
  return response.json().data as T;
}

/** What the browser's calls answer for the opening size and quantity (the same queries as src/api). */
async function answersFor(visitor: Visitor, opening: Opening, basket: { productsCounter: number; worth: number; worth_net: number }) {
  const id = opening.productId;
  const projector = (await visitor.get(`/ajax/projector.php?action=get&product=${id}&get=sizeavailability,sizedelivery,sizeprices&size=uniw`)).json() as ProjectorResponse;
  const lowest = await graphql<{ getLastLowestProductPrices: LowestPriceProduct[] }>(
    visitor,
    `{ getLastLowestProductPrices(lastLowestPricesInput: [{ productId: ${id}, sizeId: "uniw" }]) { id sizes { id price { gross { value currency formatted } } } } }`,
  );
  const shipping = await graphql<{ shipping: { shipping: ShippingOption[] } }>(
    visitor,
    `{ shipping(ShippingInput: { mode: "product", products: [{ id: ${id}, size: "uniw", quantity: ${opening.quantity} }] }) { shipping { courier { name icon } prepaid cost { value currency formatted } deliveryTime { time { days } workingDays } } } }`,
  );
  const request = JSON.parse(opening.instalmentFor!) as Record<string, string | number>;
  const instalments = (await visitor.get(`/ajax/instalments.php?${new URLSearchParams(Object.entries(request).map(([k, v]) => [k, typeof v === 'number' ? v.toFixed(2).replace(/\.00$/, '') : v]))}`)).json();
  return { projector, lowest: lowest.getLastLowestProductPrices[0].sizes[0].price.gross, shipping: shipping.shipping.shipping, instalments, request, basket };
}

/** The page's XML data equals GET /projector.php?getProductXML=true read by the storefront's own parser. */
async function expectXmlOf(product: Opening, id: number) {
  const xml = await app.inject({ method: 'GET', url: `/projector.php?product=${id}&shop_xml=true&getProductXML=true` });
  expect(xml.statusCode).toBe(200);
  const { window } = new JSDOM('');
  (globalThis as { DOMParser?: unknown }).DOMParser = window.DOMParser;
  const parsed = parseProductXml(xml.body);
  expect(parsed.sizes.length).toBeGreaterThan(0);
  expect({ attributes: product.attributes, versionName: product.xmlVersionName, sizes: product.xmlSizes }).toEqual(parsed);
}

describe('a product page opens with what its first calls would answer', () => {
  it('for a visitor with no basket: the size data, lowest price, couriers and instalment limits of its one size', async () => {
    const visitor = new Visitor(app);
    const { product, basket } = await openingOf(visitor, PRODUCT_11);
    expect(product).toMatchObject({ productId: 11, fromServer: true });
    const answers = await answersFor(visitor, product, basket);
    expect(product.offers['uniw|normal']).toEqual({ availability: answers.projector.sizeavailability, delivery: answers.projector.sizedelivery, prices: answers.projector.sizeprices });
    expect(product.lowestPrice).toEqual({ uniw: answers.lowest });
    expect(product.shippingKnown).toEqual({ [`11|uniw|${product.quantity}`]: answers.shipping });
    expect(answers.shipping.length).toBeGreaterThan(0);
    expect(product.instalment).toEqual(answers.instalments);
    expect(answers.request).toMatchObject({ currency: 'EUR', price: 24.9, basketCount: 0, basketCost: 0, basketCostNet: 0 });
  });

  it('a bundle opens with its set price: what the projector answers with bundleprice', async () => {
    const bundle = await shop.one<{ id: number }>("SELECT id FROM products WHERE type = 'product_bundle' ORDER BY id LIMIT 1");
    const visitor = new Visitor(app);
    const { product } = await openingOf(visitor, await productPath(app, bundle.id));
    const answer = (await visitor.get(`/ajax/projector.php?action=get&product=${bundle.id}&get=sizeavailability,sizedelivery,sizeprices,bundleprice&size=uniw`)).json() as ProjectorResponse;
    expect(answer.bundleprice).toBeDefined();
    expect(product.offers['uniw|normal']).toEqual({ availability: answer.sizeavailability, delivery: answer.sizedelivery, prices: answer.sizeprices, bundle: answer.bundleprice });
  });

  it('the product XML\'s attributes, size versions and sizes are the XML\'s own', async () => {
    const { product } = await openingOf(new Visitor(app), PRODUCT_11);
    await expectXmlOf(product, 11);
  });

  it('for a visitor with a basket: the instalment request carries the basket, as the browser would send it', async () => {
    const visitor = new Visitor(app);
    expect((await visitor.post('/basketchange.php?mode=1', { product: '11', size: 'uniw', number: '2' })).statusCode).toBe(200);
    const { product, basket } = await openingOf(visitor, PRODUCT_11);
    expect(basket.productsCounter).toBeGreaterThan(0);
    const answers = await answersFor(visitor, product, basket);
    expect(answers.request).toMatchObject({ basketCount: basket.productsCounter, basketCost: basket.worth, basketCostNet: basket.worth_net });
    expect(product.instalment).toEqual(answers.instalments);
  });

  it('a product with several sizes opens with none chosen: nothing is answered ahead', async () => {
    const several = await shop.one<{ id: number }>('SELECT product_id AS id FROM sizes GROUP BY product_id HAVING COUNT(*) > 1 ORDER BY product_id LIMIT 1');
    if (!several) throw new Error('the demo catalogue has a product with several sizes');
    const { product } = await openingOf(new Visitor(app), await productPath(app, several.id));
    // No size is chosen yet: nothing of a size is answered ahead (each is asked when chosen); the product's XML is.
    expect(product).toMatchObject({ fromServer: true, offers: {}, lowestPrice: {}, shippingKnown: {}, instalment: null, instalmentFor: null });
    await expectXmlOf(product, several.id);
  });
});
