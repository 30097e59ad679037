import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ENGINE_DATA_COUNTRIES } from '../../src/api/wire';
import type { BasketSummary, FieldValidationResponse, HotspotsResponse, InstalmentParams } from '../../src/api/wire';
import { isValidIban } from '../../src/domain/iban';
import { amountInLimitTerms } from '../../src/domain/instalments';
import { ZIP_RANGES } from '../../src/domain/zipRanges';
import type { ShopRepository } from '../db/repository';
import { inLanguage, requestLanguage } from '../catalogueLanguage';
import { showsPhonePriceText } from '../../src/domain/productOffer';
import { resources } from '../../src/i18n';
import { photoImage, slideSourceAttributes, smallSource } from '../../src/domain/responsiveImage';
import { SLIDE_PHOTO } from '../../src/domain/photoPlaces/slide';
import { escapeHtml } from '../db/shopViews';
import { isNoticeToken } from '../db/noticeToken';
import { BadRequest, optionalId, optionalSizeId, optionalText, requiredId, sendError } from '../http';

const STATIC_CACHE = 'public, max-age=300';


const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** The per-field validation rules of the server (errno 0 = valid). */
export function validateField(field: string, value: string): FieldValidationResponse {
  switch (field) {
    case 'email':
      return EMAIL.test(value) ? { errno: 0 } : { errno: 1, message: 'email' };
    case 'phone':
      return value.replace(/\D/g, '').length >= 9 ? { errno: 0 } : { errno: 2, message: 'phone' };
    case 'bank_account':
      // The page's own rule (src/domain/iban.ts): an IBAN of a country the shop sells to, mod-97.
      return isValidIban(value) ? { errno: 0 } : { errno: 3, message: 'bank_account' };
    case 'zipcode':
      return /^\d{5}$/.test(value) ? { errno: 0 } : { errno: 4, message: 'zipcode' };
    default:
      throw new BadRequest('unknown_field', `No server validation for field ${field}`);
  }
}

export function contentRoutes(app: FastifyInstance, repo: ShopRepository): void {
  app.get('/data/include/cms/substitutes.json', async (_request, reply) => reply.header('Cache-Control', STATIC_CACHE).send(await repo.substitutes()));
  const brandInitials = async (reply: FastifyReply) => reply.header('Cache-Control', STATIC_CACHE).send(await repo.brandInitials());
  const engineData = async (letterFile: string, reply: FastifyReply) => {
    const match = /^([a-z])\.json$/.exec(letterFile);
    if (!match) return sendError(reply, 404, 'not_found', 'Engine data exists per brand initial: engine_categories_{a-z}.json');
    return reply.header('Cache-Control', STATIC_CACHE).send(await repo.engineTree(match[1]));
  };
  // The unprefixed files are the default country's (it).
  app.get('/data/include/cms/engine_categories_marka.json', async (_request, reply) => brandInitials(reply));
  app.get('/data/include/cms/engine_categories_:letter', async (request, reply) => engineData((request.params as { letter: string }).letter, reply));
  /**
   * Engine data per country (shop version): /data/include/cms/{it|pl|en}/engine_categories_marka.json
   * and .../engine_categories_{letter}.json. The demo catalogue's vehicles are the same in every
   * country; a real shop's lists differ by market.
   */
  const country = (request: FastifyRequest, reply: FastifyReply) => {
    const { country: code } = request.params as { country: string };
    if ((ENGINE_DATA_COUNTRIES as readonly string[]).includes(code)) return true;
    void sendError(reply, 404, 'not_found', `Engine data exists for the countries ${ENGINE_DATA_COUNTRIES.join(', ')}`);
    return false;
  };
  app.get('/data/include/cms/:country/engine_categories_marka.json', async (request, reply) => (country(request, reply) ? brandInitials(reply) : reply));
  app.get('/data/include/cms/:country/engine_categories_:letter', async (request, reply) =>
    country(request, reply) ? engineData((request.params as { letter: string }).letter, reply) : reply,
  );
  /** The finder's vehicle search list: { id, value: { text fields that are searched } }. */
  app.get('/data/include/cms/brake_vehicles.json', async (_request, reply) => {
    const list = (await repo.engineTree()).flatMap((brand) =>
      (brand.c ?? []).flatMap((model) =>
        (model.c ?? []).flatMap((generation) => (generation.c ?? []).map((engine) => ({ id: engine.id!, value: { brand: brand.n, model: model.n, generation: generation.n, engine: engine.n } }))),
      ),
    );
    return reply.header('Cache-Control', STATIC_CACHE).send(list);
  });
  app.get('/data/include/cms/delivery_zip_ranges.json', async (_request, reply) => reply.header('Cache-Control', STATIC_CACHE).send(ZIP_RANGES));

  /**
   * GET /ajax/instalments.php: currency, price, priceNet, basketCount, basketCost, basketCostNet
   * (brake-shop spec, section 4; all but price optional). Answers the limits for the price and
   * whether every product in the visitor's basket allows instalments.
   */
  app.get('/ajax/instalments.php', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const amount = (name: string, fallback: string | null) => {
      const raw = optionalText(query, name, 12) ?? fallback;
      if (raw === null) return null;
      if (!/^\d{1,9}(\.\d{1,2})?$/.test(raw)) throw new BadRequest('invalid_parameter', `Parameter ${name} must be an amount`);
      return Number(raw);
    };
    const price = amount('price', '0')!;
    const priceNet = amount('priceNet', null);
    amount('basketCost', null);
    amount('basketCostNet', null);
    const count = optionalText(query, 'basketCount', 6);
    if (count !== undefined && !/^\d{1,5}$/.test(count)) throw new BadRequest('invalid_parameter', 'Parameter basketCount must be a whole number');
    const currency = optionalText(query, 'currency', 3);
    if (currency !== undefined && !/^[A-Z]{3}$/.test(currency)) throw new BadRequest('invalid_parameter', 'Parameter currency must be a three-letter code');
    const basket = await repo.basket(request.visitorId);
    reply.header('Cache-Control', 'no-store');
    return instalmentAnswer(repo, { gross: price, net: priceNet ?? price }, basket);
  });
  /** POST /ajax/notify.php (ours): product, size, email; "e-mail me when it is back in stock". */
  app.post('/ajax/notify.php', async (request, reply) => {
    const body = (typeof request.body === 'object' && request.body ? request.body : {}) as Record<string, unknown>;
    const productId = requiredId(body, 'product');
    const sizeId = optionalSizeId(body, 'size') ?? 'uniw';
    const email = optionalText(body, 'email', 254) ?? '';
    if (!EMAIL.test(email)) throw new BadRequest('invalid_email', 'Indirizzo e-mail non valido');
    if (!await repo.requestAvailabilityNotice(request.visitorId, { productId, sizeId, email })) {
      return sendError(reply, 404, 'size_not_found', 'Prodotto o taglia non trovati');
    }
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });
  // Double opt-in (issue 35, point 10): the mailed link shows a button, and only the button's POST
  // confirms (mail scanners open links; an address is not confirmed by a scanner).
  const noticePage = (reply: FastifyReply, status: number, title: string, body: string) =>
    reply
      .code(status)
      .header('Cache-Control', 'no-store')
      .header('X-Robots-Tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} - FreniShop</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="/">FreniShop</a></p></main></body></html>`);
  const badLink = (reply: FastifyReply) => noticePage(reply, 404, 'Link non valido', '<p>Questo link di conferma non è valido o è stato sostituito da uno più recente.</p>');
  app.get('/notify-confirm.php', async (request, reply) => {
    const token = optionalText(request.query as Record<string, unknown>, 'token', 43) ?? '';
    if (!isNoticeToken(token)) return badLink(reply);
    return noticePage(
      reply,
      200,
      'Conferma l\'avviso',
      `<p>Premi il pulsante per ricevere un'e-mail quando il prodotto torna disponibile.</p><form method="post" action="/notify-confirm.php"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">Conferma</button></form>`,
    );
  });
  app.post('/notify-confirm.php', async (request, reply) => {
    const body = (typeof request.body === 'object' && request.body ? request.body : {}) as Record<string, unknown>;
    const token = optionalText(body, 'token', 43) ?? '';
    if (!isNoticeToken(token) || !(await repo.confirmAvailabilityNotice(token))) return badLink(reply);
    return noticePage(reply, 200, 'Avviso confermato', '<p>Grazie: ti scriveremo una volta, quando il prodotto torna disponibile.</p>');
  });
  app.get('/ajax/wishlist.php', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { count: await repo.wishlistCount(request.visitorId) };
  });
  const validation = async (source: Record<string, unknown>) => {
    const field = optionalText(source, 'field', 40);
    const value = optionalText(source, 'value', 200) ?? '';
    if (!field) throw new BadRequest('missing_parameter', 'Parameter field is required');
    return validateField(field, value);
  };
  app.get('/ajax/validate.php', async (request) => validation(request.query as Record<string, unknown>));
  app.post('/ajax/validate.php', async (request) => validation({ ...(request.query as object), ...((request.body as object) ?? {}) }));

  /** Hotspot zones as HTML by zone id; an empty string tells the page to remove the zone. */
  app.get('/ajax/hotspots.php', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    if (query.action !== 'get-hotspots-html') throw new BadRequest('missing_parameter', 'Parameter action=get-hotspots-html is required');
    const zones = (optionalText(query, 'zones-names', 400) ?? '').split(',').map((z) => z.trim()).filter(Boolean);
    if (!zones.length || zones.length > 10 || zones.some((z) => !/^[a-z0-9_-]{1,40}$/i.test(z))) throw new BadRequest('invalid_parameter', 'Parameter zones-names needs 1 to 10 zone names');
    const product = optionalId(query, 'product');
    // The products already in the basket: a zone does not offer them again.
    const productsText = optionalText(query, 'products', 2000) ?? '';
    if (productsText && !/^\d{1,9}(,\d{1,9}){0,99}$/.test(productsText)) throw new BadRequest('invalid_parameter', 'Parameter products is a comma-separated list of up to 100 product ids');
    const excluded = new Set(productsText ? productsText.split(',').map(Number) : []);
    if (product) excluded.add(product);
    const answer: HotspotsResponse = {};
    for (const zone of zones) {
      const filter = zone === 'hotspot_related' && product ? { category: await repo.productCategory(product) ?? undefined } : {};
      if (zone === 'hotspot_related' && !product) {
        answer[zone] = '';
        continue;
      }
      if (!['hotspot_promo', 'hotspot_related', 'hotspot_bestsellers'].includes(zone)) {
        answer[zone] = '';
        continue;
      }
      const language = requestLanguage(request);
      // A price of zero shows the phone-price text, as every list does (brake-shop spec, section 5).
      const priceText = (price: { value: number; formatted: string }) => (showsPhonePriceText(price.value) ? (resources[language].translation.shop as { phonePrice: string }).phonePrice : price.formatted);
      const listing = await inLanguage(repo, language).listing({ ...filter, discounted: zone === 'hotspot_promo', sort: 'popular' }, 1, 8);
      answer[zone] = listing.products
        .filter((p) => !excluded.has(p.id))
        .map(
          (p) =>
            `<article class="hotspot-product"><a href="${escapeHtml(p.link)}"><img src="${escapeHtml(smallSource(p.icon))}"${slideSourceAttributes(photoImage(p.icon, SLIDE_PHOTO).sources, escapeHtml)} alt="" width="120" height="120" loading="lazy"><span class="hotspot-product__name">${escapeHtml(p.name)}</span></a><span class="hotspot-product__price">${escapeHtml(priceText(p.price))}</span></article>`,
        )
        .join('');
    }
    reply.header('Cache-Control', 'no-store');
    return answer;
  });

  /** POST /search.php?getProductXML=true&json=true (shape ours): size versions of the listed products. */
  app.post('/search.php', async (request) => {
    const query = request.query as Record<string, unknown>;
    if (query.getProductXML !== 'true' || query.json !== 'true') throw new BadRequest('missing_parameter', 'Use getProductXML=true&json=true');
    const raw = optionalText({ ...(request.body as object) }, 'products', 600) ?? '';
    const ids = raw.split(/[;,]/).filter(Boolean);
    if (!ids.length || ids.length > 50 || ids.some((id) => !/^\d{1,9}$/.test(id))) throw new BadRequest('invalid_parameter', 'Field products needs 1 to 50 product ids joined by ;');
    return {
      products: (await Promise.all(ids.map((id) => inLanguage(repo, requestLanguage(request)).productPage(Number(id)))))
        .filter((p) => p !== null)
        .map((p) => ({ id: p.product_id, name: p.name, versionName: p.versionName, sizes: Object.values(p.sizes).map((s) => ({ id: s.type, name: s.name, amount: s.amount })) })),
    };
  });

  /** Product XML: attributes, size versions and sizes. */
  app.get('/projector.php', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    if (query.getProductXML !== 'true') return reply.callNotFound();
    const id = requiredId(query, 'product');
    const page = await inLanguage(repo, requestLanguage(request)).productPage(id);
    if (!page) return sendError(reply, 404, 'product_not_found', 'Prodotto non trovato');
    const x = escapeHtml;
    const sizes = Object.values(page.sizes)
      .map((s) => `<size id="${x(s.type)}" name="${x(s.name)}" amount="${s.amount}" status="${x(s.availability.status)}"><price value="${s.price.value}" net="${s.price.price_net}"/></size>`)
      .join('');
    const attributes = page.awardedParameters
      .map((p) => `<attribute id="${p.id}" name="${x(p.name)}">${p.values.map((v) => `<value id="${v.id}">${x(v.name)}</value>`).join('')}</attribute>`)
      .join('');
    const xml = `<?xml version="1.0" encoding="UTF-8"?><product id="${page.product_id}" type="${page.product_type}" currency="${page.currency}"><name>${x(page.name)}</name><version name="${x(page.versionName)}"/><attributes>${attributes}</attributes><sizes>${sizes}</sizes></product>`;
    return reply.type('application/xml; charset=utf-8').header('Cache-Control', 'no-store').send(xml);
  });
}

/**
 * The instalment limits for an amount, and whether every product in the visitor's basket allows
 * instalments: GET /ajax/instalments.php's answer, and the one a product page is drawn with.
 */
export async function instalmentAnswer(repo: ShopRepository, amounts: { gross: number; net: number }, basket: Pick<BasketSummary, 'products'>): Promise<InstalmentParams> {
  // The limits' own terms decide which amount is checked and answered as totalPrice (issue 34, point 17).
  const limits = await repo.instalmentParams(amounts.gross);
  const totalPrice = amountInLimitTerms(amounts, limits.priceType);
  return { ...limits, totalPrice: Math.round(totalPrice * 100) / 100, allProductsAllow: basket.products.every((line) => line.instalments !== false) };
}
