import type { ListingProduct, ListingResponse, ProductPageData, ProductSizeData, SizePrices } from '../../../src/api/wire';
import {
  basketHead,
  brakesHead,
  canonicalListingParams,
  cmsHead,
  contactHead,
  homeHead,
  listingHead,
  listingPath,
  noProductHead,
  plainText,
  productHead,
  truncate,
  type PageHead,
} from '../../../src/domain/seo';
import { renderHead, serializeStateForScript } from '../../../src/domain/seoHtml';

const ORIGIN = 'https://www.frenishop.example';
const opts = { origin: ORIGIN, lang: 'it' as const };
const HOSTILE = '</script><script>alert(1)</script> "Brembo" & co\u2028riga\u2029<!-- x';

/* ------------------------------------------------------------------ fixtures */

function prices(value: number, overrides: Partial<SizePrices> = {}): SizePrices {
  const money = (n: number) => `${n.toFixed(2).replace('.', ',')} €`;
  return {
    value,
    price_formatted: money(value),
    price_net: Math.round((value / 1.22) * 100) / 100,
    price_net_formatted: money(value / 1.22),
    maxprice: 0,
    maxprice_formatted: money(0),
    maxprice_net: 0,
    maxprice_net_formatted: money(0),
    omnibus_price: value,
    omnibus_price_formatted: money(value),
    omnibus_price_net: 0,
    omnibus_price_net_formatted: money(0),
    srp: 0,
    srp_formatted: money(0),
    srp_net: 0,
    srp_net_formatted: money(0),
    points: 0,
    points_recive: 0,
    rebate: 0,
    yousave: 0,
    yousave_formatted: money(0),
    yousave_net: 0,
    yousave_percent: 0,
    advanceprice: 0,
    advanceprice_formatted: money(0),
    basket_enable: 'y',
    ...overrides,
  };
}

function size(type: string, name: string, value: number, status: string, amount = 5, overrides: Partial<ProductSizeData> = {}): ProductSizeData {
  return {
    type,
    name,
    amount,
    availability: {
      visible: 'y',
      status,
      status_description: status,
      status_description_tel: '',
      status_gfx: '',
      status_gfx_tel: '',
      delivery_days_undefined: 'false',
      delivery_date: '2026-11-24',
      shipping_time: { days: 1, hours: 0, minutes: 0, week_day: 2, week_amount: 0, today: 'false', time: '2026-11-24', today_shipment_deadline: '14:00' },
      delay_time: { unknown_delivery_time: 'false' },
    },
    delivery: { shipping: 0, shipping_formatted: '0,00 €', undefined: 'false' },
    price: prices(value),
    phone_price: false,
    gratis: false,
    ...overrides,
  };
}

function product(overrides: Partial<ProductPageData> = {}): ProductPageData {
  return {
    product_id: 120,
    product_type: 'product_item',
    name: 'Pastiglie freno anteriori Brembo P85020',
    link: '/product-120-pastiglie-freno-anteriori-brembo-p85020.html',
    icon: '/data/gfx/products/120.svg',
    longDescription: '<p>Long</p>',
    shortDescription: 'Pastiglie freno Brembo, <b>asse anteriore</b>.',
    producer: { id: 1, name: 'Brembo' },
    category: { id: 148728, name: 'Pastiglie freno' },
    versionName: 'P85020#120',
    currency: 'EUR',
    unit: 'pz.',
    unit_plural: 'pz.',
    unit_sellby: 1,
    unit_precision: 0,
    for_points: false,
    price_type: 'gross',
    order_by_lead_hours: 3,
    order_quantity_range: {
      max_quantity_per_order: null,
      max_size_quantity_per_order: null,
      min_quantity_per_order: null,
      min_size_quantity_per_order: null,
      minimum_quantity_subscription: null,
    },
    sizes: { uniw: size('uniw', 'Taglia unica', 45.9, 'enable') },
    awardedParameters: [
      { id: 90001, name: 'Larghezza [mm]', values: [{ id: 1, name: '123,5' }] },
      { id: 90004, name: 'Numero WVA', values: [{ id: 2, name: '23587' }] },
      { id: 172622, name: 'Codici OE', values: [{ id: 3, name: '1K0698151' }] },
    ],
    subscription: false,
    ...overrides,
  };
}

function listingProduct(id: number, name = `Disco freno ${id}`): ListingProduct {
  return {
    id,
    name,
    link: `/product-${id}-disco-freno-${id}.html`,
    icon: `/data/gfx/products/${id}.svg`,
    versionName: `DF${id}#${id}`,
    producer: 'ATE',
    category: { id: 151538, name: 'Dischi freno' },
    axis: null,
    price: { value: 30, currency: 'EUR', formatted: '30,00 €' },
    price_net: { value: 24.59, currency: 'EUR', formatted: '24,59 €' },
    status: 'enable',
    status_description: 'Disponibile',
    fits: false,
    listSize: 'uniw',
  };
}

function listing(overrides: Partial<ListingResponse> = {}): ListingResponse {
  return {
    products: [listingProduct(200), listingProduct(201)],
    total: 57,
    page: 1,
    pageSize: 24,
    categories: [
      [148728, 'Pastiglie freno', 30],
      [151538, 'Dischi freno', 27],
    ],
    producers: [
      [3, 'ATE', 20],
      [1, 'Brembo', 37],
    ],
    query: {},
    ...overrides,
  };
}

type JsonLd = Record<string, unknown>;
const ld = (head: PageHead, type: string) => head.jsonLd.find((item) => (item as JsonLd)['@type'] === type) as JsonLd;
const og = (head: PageHead, property: string) => head.openGraph.find(([name]) => name === property)?.[1];

/* ------------------------------------------------------------------ rendering back */

/** Parses the rendered head as a browser would and reads back what it says. */
function parseHead(html: string) {
  const doc = new DOMParser().parseFromString(`<!doctype html><html><head>${html}</head><body></body></html>`, 'text/html');
  return {
    doc,
    title: doc.querySelector('title')?.textContent,
    description: doc.querySelector('meta[name="description"]')?.getAttribute('content'),
    canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '',
    robots: doc.querySelector('meta[name="robots"]')?.getAttribute('content') ?? undefined,
    openGraph: [...doc.querySelectorAll('meta[property]')].map((meta) => [meta.getAttribute('property'), meta.getAttribute('content')]),
    scripts: [...doc.querySelectorAll('script')],
  };
}

function expectRoundTrip(head: PageHead, nonce = 'n0nce+/=') {
  const html = renderHead(head, nonce);
  const parsed = parseHead(html);
  expect(parsed.title).toBe(head.title);
  expect(parsed.description).toBe(head.description);
  expect(parsed.canonical).toBe(head.canonical);
  expect(parsed.robots).toBe(head.robots);
  expect(parsed.openGraph).toEqual(head.openGraph);
  // Only the JSON-LD blocks are scripts, each a data block with the nonce, reading back the same data.
  expect(parsed.scripts).toHaveLength(head.jsonLd.length);
  parsed.scripts.forEach((script, index) => {
    expect(script.getAttribute('type')).toBe('application/ld+json');
    expect(script.getAttribute('nonce')).toBe(nonce);
    expect(JSON.parse(script.textContent ?? '')).toEqual(head.jsonLd[index]);
  });
  // Nothing leaked out of the head into the body.
  expect(parsed.doc.body.childNodes).toHaveLength(0);
  // No script body holds anything that could end it or start markup.
  for (const body of html.matchAll(/<script[^>]*>([^]*?)<\/script>/g)) {
    expect(body[1]).not.toMatch(/[<>&\u2028\u2029]/);
  }
  return html;
}

/* ------------------------------------------------------------------ product */

describe('productHead', () => {
  it('names the product, its producer and catalogue number, and links its canonical page', () => {
    const head = productHead(product(), { ...opts, path: '/product-120-old-name.html' });
    expect(head.title).toBe('Pastiglie freno anteriori Brembo P85020 – Brembo | FreniShop');
    expect(head.canonical).toBe(`${ORIGIN}/product-120-pastiglie-freno-anteriori-brembo-p85020.html`);
    expect(head.robots).toBeUndefined();
    expect(head.lang).toBe('it');
    expect(head.description).toBe('Pastiglie freno Brembo, asse anteriore. Brembo P85020. Larghezza [mm]: 123,5; Numero WVA: 23587');
  });

  it('adds the catalogue number to the title when the name lacks it', () => {
    const head = productHead(product({ name: 'Pastiglie freno anteriori' }), opts);
    expect(head.title).toBe('Pastiglie freno anteriori – Brembo P85020 | FreniShop');
    expect(og(head, 'og:title')).toBe('Pastiglie freno anteriori – Brembo P85020');
  });

  it('describes a one-size product with one Offer: price with 2 decimals, currency, availability, condition', () => {
    const head = productHead(product(), opts);
    const data = ld(head, 'Product');
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Pastiglie freno anteriori Brembo P85020',
      description: head.description,
      url: head.canonical,
      image: [`${ORIGIN}/data/gfx/products/120.svg`],
      sku: 'P85020',
      mpn: 'P85020',
      brand: { '@type': 'Brand', name: 'Brembo' },
      category: 'Pastiglie freno',
      offers: {
        '@type': 'Offer',
        url: head.canonical,
        price: '45.90',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
      },
    });
    expect(head.openGraph).toEqual([
      ['og:type', 'product'],
      ['og:site_name', 'FreniShop'],
      ['og:locale', 'it_IT'],
      ['og:title', 'Pastiglie freno anteriori Brembo P85020 – Brembo'],
      ['og:description', head.description],
      ['og:url', head.canonical],
      ['og:image', `${ORIGIN}/data/gfx/products/120.svg`],
      ['og:image:alt', 'Pastiglie freno anteriori Brembo P85020'],
      ['product:price:amount', '45.90'],
      ['product:price:currency', 'EUR'],
      ['product:availability', 'in stock'],
      ['product:brand', 'Brembo'],
      ['product:retailer_item_id', 'P85020'],
      ['product:condition', 'new'],
    ]);
  });

  it('names the vehicles it fits (issue 37): isAccessoryOrSparePartFor, each a Car with its page; none without fits', () => {
    const first = [
      { name: 'Volkswagen Golf VII (2012-2019) 2.0 TDI 150 CV (110 kW)', brand: 'Volkswagen', model: 'Golf', link: '/vehicles/engine-20500-volkswagen-golf-vii-2012-2019-2-0-tdi-150-cv-110-kw.html' },
      { name: 'Škoda Octavia III (2013-2020) 1.6 TDI', brand: 'Škoda', model: 'Octavia', link: '/vehicles/engine-20501-skoda-octavia-iii-2013-2020-1-6-tdi.html' },
    ];
    const head = productHead(product({ fitsVehicles: { total: 14, first } }), { ...opts, lang: 'pl' });
    expect(ld(head, 'Product').isAccessoryOrSparePartFor).toEqual([
      { '@type': 'Car', name: first[0].name, url: `${ORIGIN}/pl${first[0].link}`, brand: { '@type': 'Brand', name: 'Volkswagen' }, model: 'Golf' },
      { '@type': 'Car', name: first[1].name, url: `${ORIGIN}/pl${first[1].link}`, brand: { '@type': 'Brand', name: 'Škoda' }, model: 'Octavia' },
    ]);
    expectRoundTrip(head);
    expect(ld(productHead(product(), opts), 'Product')).not.toHaveProperty('isAccessoryOrSparePartFor');
  });

  it('describes its picture for link previews: og:image:alt (the name) and a large Twitter card', () => {
    const head = productHead(product(), opts);
    expect(head.openGraph).toContainEqual(['og:image:alt', 'Pastiglie freno anteriori Brembo P85020']);
    expect(head.meta).toEqual([['twitter:card', 'summary_large_image']]);
    const html = renderHead(head, 'n0nce');
    expect(html).toContain('<meta property="og:image:alt" content="Pastiglie freno anteriori Brembo P85020">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
  });

  it('gives several sizes one Offer each, with its own name, price and availability', () => {
    const head = productHead(
      product({
        sizes: {
          S1: size('S1', '1 disco', 45.9, 'enable', 8),
          S2: size('S2', 'Coppia (2 dischi)', 86.9, 'order', 0),
          S3: size('S3', 'Coppia + pastiglie', 119.9, 'disable', 0),
        },
      }),
      opts,
    );
    const offers = ld(head, 'Product').offers as JsonLd[];
    expect(offers.map((offer) => [offer.name, offer.price, offer.availability])).toEqual([
      ['1 disco', '45.90', 'https://schema.org/InStock'],
      ['Coppia (2 dischi)', '86.90', 'https://schema.org/BackOrder'],
      ['Coppia + pastiglie', '119.90', 'https://schema.org/OutOfStock'],
    ]);
    expect(og(head, 'product:price:amount')).toBe('45.90');
  });

  it('gives a phone-price product an Offer without a price', () => {
    const phone = size('uniw', 'Taglia unica', 0, 'enable', 10, { phone_price: true, price: prices(0, { basket_enable: 'n' }) });
    const head = productHead(product({ sizes: { uniw: phone } }), opts);
    const offer = ld(head, 'Product').offers as JsonLd;
    expect(offer).toEqual({ '@type': 'Offer', url: head.canonical, availability: 'https://schema.org/InStock', itemCondition: 'https://schema.org/NewCondition' });
    expect(og(head, 'product:price:amount')).toBeUndefined();
    expect(og(head, 'product:price:currency')).toBeUndefined();
  });

  it('gives a gift (gratis) product no price either', () => {
    const gift = size('uniw', 'Taglia unica', 0, 'enable', 10, { gratis: true });
    expect((ld(productHead(product({ sizes: { uniw: gift } }), opts), 'Product').offers as JsonLd).price).toBeUndefined();
  });

  it.each([
    ['disable', 0, 'https://schema.org/OutOfStock', 'out of stock'],
    ['enable', 0, 'https://schema.org/OutOfStock', 'out of stock'],
    ['enable', -1, 'https://schema.org/InStock', 'in stock'],
    ['order', 0, 'https://schema.org/BackOrder', 'available for order'],
    ['preorder', 0, 'https://schema.org/PreOrder', 'preorder'],
  ])('says availability %s (stock %s) as %s', (status, amount, schema, words) => {
    const head = productHead(product({ sizes: { uniw: size('uniw', 'Taglia unica', 20, status, amount) } }), opts);
    expect((ld(head, 'Product').offers as JsonLd).availability).toBe(schema);
    expect(og(head, 'product:availability')).toBe(words);
  });

  it('says nothing about an availability status it does not know', () => {
    const head = productHead(product({ sizes: { uniw: size('uniw', 'Taglia unica', 20, 'mystery') } }), opts);
    expect((ld(head, 'Product').offers as JsonLd).availability).toBeUndefined();
    expect(og(head, 'product:availability')).toBeUndefined();
  });

  it('uses the net price on a net-priced shop page', () => {
    const head = productHead(product({ price_type: 'net' }), opts);
    expect((ld(head, 'Product').offers as JsonLd).price).toBe('37.62');
  });

  it('adds a GTIN only from an EAN trait with a valid check digit', () => {
    const withEan = (ean: string) =>
      ld(productHead(product({ awardedParameters: [{ id: 95000, name: 'EAN', values: [{ id: 9, name: ean }] }] }), opts), 'Product').gtin;
    expect(withEan('4006381333931')).toBe('4006381333931');
    expect(withEan('4006381333932')).toBeUndefined();
  });

  it('keeps the description under 155 characters, plain text, cut at a word', () => {
    const head = productHead(product({ shortDescription: `<p>${'Pastiglia freno ad alte prestazioni &amp; lunga durata '.repeat(6)}</p>` }), opts);
    expect(head.description.length).toBeLessThanOrEqual(155);
    expect(head.description).toMatch(/^Pastiglia freno ad alte prestazioni & lunga durata .*\S…$/);
    expect(head.description).not.toMatch(/[<>]|&amp;/);
  });

  it('writes the page in Polish and English too', () => {
    expect(productHead(product(), { ...opts, lang: 'pl' }).openGraph.find(([name]) => name === 'og:locale')?.[1]).toBe('pl_PL');
    expect(productHead(product(), { ...opts, lang: 'en' }).lang).toBe('en');
  });
});

/* ------------------------------------------------------------------ listing */

describe('listingHead', () => {
  it('keeps only the parameters that define the page in the canonical address', () => {
    const query = {
      'traits_alt[24]': '148728',
      sort: 'price_asc',
      view: 'list',
      limit: '48',
      vehicle: '77',
      from_search: 'true',
      utm_source: 'newsletter',
      gclid: 'abc',
      lang: 'pl',
      page: '2',
    };
    const head = listingHead(listing({ page: 2 }), query, opts);
    expect(head.canonical).toBe(`${ORIGIN}/search.php?traits_alt%5B24%5D=148728&page=2`);
    expect(head.title).toBe('Pastiglie freno – pagina 2 | FreniShop');
    expect(head.robots).toBeUndefined();
  });

  it('drops page 1, reads the menu aliases as their traits, and keeps vehicle traits in a fixed order', () => {
    expect(canonicalListingParams({ page: '1', 'menu_alt[1_2]': '151538' }, 1)).toEqual([['traits_alt[24]', '151538']]);
    expect(
      canonicalListingParams({ 'traits_alt[49]': '77', 'menu_alt[2_1]': '3', 'menu_alt[2_2]': '12', 'traits_alt[148722]': '148723', producer: '1', promo: '1', 'traits_alt[24]': 'x' }),
    ).toEqual([
      ['menu_alt[2_1]', '3'],
      ['menu_alt[2_2]', '12'],
      ['traits_alt[49]', '77'],
      ['traits_alt[148722]', '148723'],
      ['producer', '1'],
      ['promo', '1'],
    ]);
    expect(listingPath([])).toBe('/search.php');
  });

  it('names the listing by category, producer and vehicle, with breadcrumbs through each', () => {
    const query = { 'traits_alt[24]': '148728', producer: '1', 'menu_alt[2_1]': '3', 'menu_alt[2_2]': '12', sort: 'name' };
    const head = listingHead(listing(), query, { ...opts, vehicle: 'Volkswagen Golf' });
    expect(head.title).toBe('Pastiglie freno Brembo per Volkswagen Golf | FreniShop');
    expect(head.description).toBe(
      'Pastiglie freno Brembo per Volkswagen Golf: 57 ricambi delle migliori marche, con prezzi, disponibilità e tempi di spedizione. Scegli il tuo veicolo per…',
    );
    expect(head.canonical).toBe(`${ORIGIN}/search.php?traits_alt%5B24%5D=148728&menu_alt%5B2_1%5D=3&menu_alt%5B2_2%5D=12&producer=1`);
    const crumbs = (ld(head, 'BreadcrumbList').itemListElement as JsonLd[]).map((item) => [item.position, item.name, item.item]);
    expect(crumbs).toEqual([
      [1, 'Home', `${ORIGIN}/`],
      [2, 'Ricambi freni', `${ORIGIN}/search.php`],
      [3, 'Pastiglie freno', `${ORIGIN}/search.php?traits_alt%5B24%5D=148728`],
      [4, 'Brembo', `${ORIGIN}/search.php?traits_alt%5B24%5D=148728&producer=1`],
      [5, 'Volkswagen Golf', head.canonical],
    ]);
  });

  it('lists the products shown, numbered across pages', () => {
    const head = listingHead(listing({ page: 2 }), { page: '2' }, opts);
    expect(ld(head, 'ItemList').itemListElement).toEqual([
      { '@type': 'ListItem', position: 25, url: `${ORIGIN}/product-200-disco-freno-200.html`, name: 'Disco freno 200' },
      { '@type': 'ListItem', position: 26, url: `${ORIGIN}/product-201-disco-freno-201.html`, name: 'Disco freno 201' },
    ]);
  });

  it('does not index text-search results, but follows their links', () => {
    const head = listingHead(listing(), { text: '  pastiglie   golf ', sort: 'name' }, opts);
    expect(head.robots).toBe('noindex,follow');
    expect(head.title).toBe('Risultati per «pastiglie golf» | FreniShop');
    expect(head.canonical).toBe(`${ORIGIN}/search.php?text=pastiglie+golf`);
    expect((ld(head, 'BreadcrumbList').itemListElement as JsonLd[]).map((item) => item.name)).toEqual(['Home', 'Ricambi freni', 'Risultati per «pastiglie golf»']);
  });

  it('does not index an empty listing', () => {
    const head = listingHead(listing({ products: [], total: 0 }), { 'traits_alt[24]': '148728' }, opts);
    expect(head.robots).toBe('noindex,follow');
    expect(head.description).toBe('Pastiglie freno: al momento nessun ricambio corrisponde alla ricerca.');
    expect(ld(head, 'ItemList')).toBeUndefined();
  });

  it('uses each language\u2019s plural forms', () => {
    expect(listingHead(listing({ total: 3 }), {}, { ...opts, lang: 'pl' }).description).toMatch(/^Części hamulcowe: 3 części /);
    expect(listingHead(listing({ total: 1 }), {}, { ...opts, lang: 'en' }).description).toMatch(/^Brake parts: 1 part from/);
    expect(listingHead(listing({ total: 1 }), {}, opts).description).toMatch(/^Ricambi freni: 1 ricambio delle/);
  });
});

/* ------------------------------------------------------------------ other pages */

describe('the other pages', () => {
  it('home: the shop as a WebSite with its search, and an Organization', () => {
    const head = homeHead(opts);
    expect(head.canonical).toBe(`${ORIGIN}/`);
    expect(head.robots).toBeUndefined();
    expect(head.title).toBe('Ricambi freni per auto: pastiglie, dischi e kit | FreniShop');
    expect(ld(head, 'WebSite').potentialAction).toEqual({
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${ORIGIN}/search.php?text={search_term_string}` },
      'query-input': 'required name=search_term_string',
    });
    expect(ld(head, 'Organization').name).toBe('FreniShop');
  });

  it('basket: crawlable, its own canonical', () => {
    const head = basketHead(opts);
    expect(head.robots).toBeUndefined();
    expect(head.canonical).toBe(`${ORIGIN}/basketedit.php`);
  });

  it('contact and brake finder: indexed, with their own titles', () => {
    expect(contactHead(opts)).toMatchObject({ title: 'Contatti e assistenza | FreniShop', canonical: `${ORIGIN}/contact.php` });
    expect(contactHead(opts).robots).toBeUndefined();
    expect(brakesHead(opts).robots).toBeUndefined();
    expect(brakesHead({ ...opts, lang: 'en' })).toMatchObject({ title: 'Brake finder: find pads and discs for your car | FreniShop', canonical: `${ORIGIN}/en/brakes.php`, lang: 'en' });
  });

  it('no product: noindex and no canonical link', () => {
    const head = noProductHead(opts);
    expect(head.robots).toBe('noindex');
    expect(head.canonical).toBe('');
    expect(renderHead(head, 'n')).not.toContain('canonical');
  });

  it('a content page: its body\u2019s text is the description', () => {
    const head = cmsHead({ name: 'Resi e rimborsi', link: '/cms/resi.html', body: '<h2>Resi</h2><p>Hai 30 giorni &amp; il reso è gratuito.</p>' }, opts);
    expect(head).toMatchObject({ title: 'Resi e rimborsi | FreniShop', description: 'Resi Hai 30 giorni & il reso è gratuito.', canonical: `${ORIGIN}/cms/resi.html` });
  });
});

/* ------------------------------------------------------------------ text helpers */

describe('plainText and truncate', () => {
  it('drops tags, scripts and comments, decodes entities, keeps a lone "<"', () => {
    expect(plainText('<p>Dischi &amp; pastiglie&nbsp;<script>alert(1)</script><!-- c --><b>ATE</b> &#8364; &#x41;</p>')).toBe('Dischi & pastiglie ATE € A');
    expect(plainText('Diametro < 300 mm')).toBe('Diametro < 300 mm');
  });

  it('leaves short texts alone and never splits a character', () => {
    expect(truncate('Breve.')).toBe('Breve.');
    const emoji = '🛞'.repeat(200);
    const cut = truncate(emoji, 10);
    expect(Array.from(cut)).toHaveLength(10);
    expect(cut.endsWith('…')).toBe(true);
  });
});

/* ------------------------------------------------------------------ hostile data */

describe('a hostile product name in every output', () => {
  const hostileProduct = product({
    name: HOSTILE,
    shortDescription: HOSTILE,
    producer: { id: 1, name: HOSTILE },
    category: { id: 148728, name: HOSTILE },
    versionName: `${HOSTILE}#120`,
    awardedParameters: [{ id: 90001, name: HOSTILE, values: [{ id: 1, name: HOSTILE }] }],
  });
  const hostileListing = listing({
    products: [listingProduct(200, HOSTILE)],
    categories: [[148728, HOSTILE, 3]],
    producers: [[1, HOSTILE, 3]],
  });

  const heads: Array<[string, PageHead]> = [
    ['product', productHead(hostileProduct, opts)],
    ['listing', listingHead(hostileListing, { 'traits_alt[24]': '148728', producer: '1', 'menu_alt[2_1]': '3' }, { ...opts, vehicle: HOSTILE })],
    ['search', listingHead(hostileListing, { text: HOSTILE }, opts)],
    ['content page', cmsHead({ name: HOSTILE, link: '/cms/x.html', body: HOSTILE }, opts)],
    ['home', homeHead(opts)],
    ['basket', basketHead(opts)],
    ['contact', contactHead(opts)],
    ['brakes', brakesHead(opts)],
    ['no product', noProductHead(opts)],
  ];

  it.each(heads)('%s: the rendered head reads back to the same data, and no value ends a script', (_name, head) => {
    expectRoundTrip(head);
  });

  it('carries the hostile name as data (the test is not vacuous)', () => {
    const [, head] = heads[0];
    expect(ld(head, 'Product').name).toBe(HOSTILE);
    expect(head.title).toContain('</script><script>alert(1)</script>');
    const html = renderHead(head, 'abc');
    expect(html).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e');
    expect(html).toContain('\\u2028');
    expect(html).not.toContain('\u2028');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;Brembo&quot; &amp; co');
  });

  it('escapes the nonce too', () => {
    expect(renderHead(homeHead(opts), '"><img src=x>')).toContain('nonce="&quot;&gt;&lt;img src=x&gt;"');
  });
});

describe('serializeStateForScript', () => {
  it('escapes every character that could end the script or the line, and parses back to the same value', () => {
    const state = { product: { name: HOSTILE, list: [HOSTILE, 1, null, true] }, 'key</script>': '&amp;' };
    const text = serializeStateForScript(state);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(state);
  });

  it('writes undefined as null', () => {
    expect(serializeStateForScript(undefined)).toBe('null');
  });
});
