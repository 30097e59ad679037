import type { FastifyInstance } from 'fastify';
import { startTestShop, type TestShop, PRODUCT_11 } from './helpers';
import { SPECIAL_PRODUCTS } from '../../server/db/catalogue/specialProducts';

/**
 * Every page wholly in its language (issue 34): on /pl/ and /en/ pages and in the answers a
 * Polish or English page asks for (`lang`), every text the shop itself writes is in that
 * language (availability, facts, the description's table and headings, the unit, the snippet
 * bar), and the catalogue's names (categories, axes, traits, sizes, products) are the
 * catalogue's own in that language; Italian stays Italian.
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

const get = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
/** The page's visible text (no scripts, no state), tags gone. */
const textOf = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, ' ').replace(/<[^>]+>/g, '\n');

/** The shop's own Italian texts the readings found on Polish and English pages. */
const ITALIAN_SHOP_TEXTS = [
  'Non disponibile', 'Su ordinazione', 'Disponibile', 'Disponibilità e prezzo al telefono', 'Categoria', 'Asse anteriore', 'Asse posteriore',
  'Informazioni sul prodotto', 'Codici di ricambio', 'Motori compatibili', 'Produttore', 'Codice catalogo', 'pz.', 'Pastiglie freno',
  'Spedizione in 2-4 giorni lavorativi', 'Ordina entro le 14:00', 'Pagamenti sicuri', 'Spedizione gratuita per ordini',
];
const italianIn = (text: string) => ITALIAN_SHOP_TEXTS.filter((italian) => new RegExp(`(^|[^\\p{L}])${italian.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u').test(text));

describe('pages in their language', () => {
  it.each([
    ['pl', ['Dostępny', 'Kategoria', 'Oś przednia', 'Informacje o produkcie', 'Numery zamienników', 'szt.', 'Klocki hamulcowe przednie TRW GDB0652']],
    ['en', ['Available', 'Category', 'Front axle', 'Product information', 'Replacement codes', 'pcs', 'Front brake pads TRW GDB0652']],
  ])('a product page in %s writes the shop\'s texts and the catalogue\'s names in it', async (language, expected) => {
    const response = await get(`/${language}${PRODUCT_11}`);
    expect(response.statusCode).toBe(200);
    const text = textOf(response.body);
    for (const words of expected) expect(text).toContain(words);
    expect(italianIn(text)).toEqual([]);
  });

  it('the Italian page keeps the Italian texts', async () => {
    const text = textOf((await get(PRODUCT_11)).body);
    for (const words of ['Disponibile', 'Informazioni sul prodotto', 'Codici di ricambio', 'Asse anteriore', 'pz.', 'Pastiglie freno anteriori TRW GDB0652']) expect(text).toContain(words);
  });

  it('a product with several sizes names them in the page\'s language', async () => {
    const answer = (await app.inject({ method: 'GET', url: `/ajax/projector.php?action=get&product=${SPECIAL_PRODUCTS.multiSize}&get=sizes&lang=en` })).json();
    expect(Object.values(answer.sizes.items).map((size) => (size as { name: string }).name)).toEqual(['1 disc', 'Pair (2 discs)', 'Pair + pads']);
  });

  it('a listing in Polish: categories, axes and availability in Polish', async () => {
    const text = textOf((await get('/pl/search.php?traits_alt%5B24%5D=148728')).body);
    expect(text).toContain('Klocki hamulcowe');
    expect(italianIn(text)).toEqual([]);
  });
});

describe('answers a Polish or English page asks for (lang)', () => {
  it('the projector data and the product XML in English', async () => {
    const answer = (await app.inject({ method: 'GET', url: '/ajax/projector.php?action=get&product=11&get=product,sizeavailability&lang=en' })).json();
    expect(answer.sizeavailability.status_description).toBe('Available');
    expect(answer.product.category.name).toBe('Brake pads');
    expect(answer.product.longDescription).toContain('Product information');
    const xml = (await app.inject({ method: 'GET', url: '/projector.php?product=11&shop_xml=true&getProductXML=true&lang=pl' })).body;
    expect(xml).toContain('Klocki hamulcowe');
  });

  it('the listing data in Polish, the brake products in English, the shop data bundle\'s snippets in Polish', async () => {
    const listing = (await app.inject({ method: 'GET', url: '/search.php?traits_alt%5B24%5D=148728&json=true&lang=pl' })).json();
    expect(listing.products[0].category.name).toBe('Klocki hamulcowe');
    expect(['Dostępny', 'Na zamówienie', 'Niedostępny']).toContain(listing.products[0].status_description);
    const brakes = (
      await app.inject({
        method: 'POST',
        url: '/graphql/v1/?lang=en',
        headers: { 'content-type': 'application/json', origin: 'http://localhost' },
        payload: { query: '{ products(searchInput: { productsId: [11] }) { products { name longDescription awardedParameters { name values { name } } } } }' },
      })
    ).json();
    const product = brakes.data.products.products[0];
    expect(product.name).toBe('Front brake pads TRW GDB0652');
    expect(product.longDescription).toContain('Replacement codes');
    expect(product.awardedParameters.find((param: { name: string }) => param.name === 'Axle').values[0].name).toBe('Front axle');
    const bundle = (
      await app.inject({ method: 'POST', url: '/ajax/get.php?lang=pl', headers: { origin: 'http://localhost' }, payload: { request: JSON.stringify({ Snippets: { params: { mobile: true, tablet: false, pc: false } } }) } })
    ).json();
    expect(bundle.Snippets.response.items['delivery-promise'].content).toContain('Wysyłka w 2-4 dni robocze');
  });

  it('an unknown language is a 400, nothing else', async () => {
    const response = await app.inject({ method: 'GET', url: '/ajax/projector.php?action=get&product=11&lang=de' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_parameter');
  });
});

describe('counts in Polish (plural forms)', () => {
  it('the brake page\'s category tiles and a listing count in Polish for every number (few, many), never in Italian', async () => {
    const brakes = textOf((await get('/pl/brakes.php')).body);
    expect(brakes).not.toMatch(/\d+ prodotti/);
    expect(brakes).toMatch(/\d+ produkt(y|ów)?/);
    const home = textOf((await get('/pl/')).body);
    expect(home).not.toMatch(/\d+ prodotti/);
  });
});
