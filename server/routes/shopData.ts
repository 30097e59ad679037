import type { FastifyInstance } from 'fastify';
import type { DeviceParams, ShopDataRequest, ShopDataResponse } from '../../src/api/wire';
import type { ShopRepository } from '../db/repository';
import { pageTypeOf } from '../../src/domain/pageTypes';
import { BadRequest, isStorableId } from '../http';
import { escapeHtml } from '../db/shopViews';
import { inLanguage, requestLanguage, shopTexts } from '../catalogueLanguage';
import { splitLanguagePath } from '../../src/domain/languagePaths';
import type { Language } from '../../src/i18n/runtime';
import { DEFAULT_SHOP_FACTS } from '../../store/shopDataSlice';
import { promisesShipping } from '../../src/domain/productOffer';

const SECTIONS = ['Projector', 'Basket', 'Wishlist', 'Comparers', 'Snippets', 'ToplayersAndWidgets'] as const;

export type Device = 'mobile' | 'tablet' | 'pc';

function deviceOf(params: Partial<DeviceParams> | undefined): Device {
  if (!params || typeof params !== 'object') throw new BadRequest('invalid_parameter', 'Snippets and widgets need params { mobile, tablet, pc, request_uri, additional_ajax }');
  for (const flag of ['mobile', 'tablet', 'pc'] as const) {
    if (params[flag] !== undefined && typeof params[flag] !== 'boolean') throw new BadRequest('invalid_parameter', `params.${flag} must be true or false`);
  }
  if (params.request_uri !== undefined && (typeof params.request_uri !== 'string' || params.request_uri.length > 500)) throw new BadRequest('invalid_parameter', 'params.request_uri must be a path');
  return params.mobile ? 'mobile' : params.tablet ? 'tablet' : 'pc';
}

/** A threshold in euro as the shop's texts write it (`79`, `79,50`; English `79.50`). */
export function amountText(euro: number, language: Language): string {
  const text = Number.isInteger(euro) ? String(euro) : euro.toFixed(2);
  return language === 'en' ? text : text.replace('.', ',');
}

const withAmount = (template: string, freeShippingFrom: number, language: Language) => template.replace('{{amount}}', amountText(freeShippingFrom, language));

/**
 * The shop's snippets, placed by region: head, body top, otherwise body end. `freeShippingFrom`:
 * the shop's setting (euro). `promise`: whether the page may carry the shipping promise; a product
 * page whose product ships in no known time (promisesShipping) says only the free-shipping threshold.
 */
function snippetItems(
  device: Device,
  language: Language = 'it',
  freeShippingFrom = DEFAULT_SHOP_FACTS.freeShippingFrom,
  promise = true,
): NonNullable<ShopDataResponse['Snippets']>['response']['items'] {
  const texts = shopTexts(language).snippets;
  const bar = !promise ? texts.freeShipping : device === 'mobile' ? texts.deliveryMobile : texts.delivery;
  return {
    'shop-verification': { region: 'head', content: '<meta name="shop-verification" content="frenishop-demo">' },
    'delivery-promise': { region: 'body_top', content: `<p class="snippet-bar">${escapeHtml(withAmount(bar, freeShippingFrom, language))}</p>` },
    'trust-note': { region: 'body_bottom', content: `<p class="snippet-trust">${escapeHtml(texts.trust)}</p>` },
  };
}

/**
 * The snippets placed as the server draws a page (the shop's own HTML, the same items the
 * bundle answers): head meta tags, the body-top bar and the body-end notes.
 */
export function shopSnippets(
  device: Device,
  language: Language = 'it',
  freeShippingFrom?: number,
  promise = true,
): { head: string[]; bodyTop: Array<{ id: string; html: string }>; bodyEnd: Array<{ id: string; html: string }> } {
  const placed = { head: [] as string[], bodyTop: [] as Array<{ id: string; html: string }>, bodyEnd: [] as Array<{ id: string; html: string }> };
  for (const [id, item] of Object.entries(snippetItems(device, language, freeShippingFrom, promise))) {
    if (item.region === 'head') placed.head.push(item.content);
    else (item.region === 'body_top' ? placed.bodyTop : placed.bodyEnd).push({ id, html: item.content });
  }
  return placed;
}

/** The device a page is drawn for before its script can read the layout mode: from the user agent. */
export function deviceFromUserAgent(userAgent: string | undefined): Device {
  if (!userAgent) return 'pc';
  if (/iPad|Tablet/i.test(userAgent)) return 'tablet';
  return /Mobi|Android|iPhone/i.test(userAgent) ? 'mobile' : 'pc';
}

/**
 * The top layers and widgets placed as the server draws a page (the same items the bundle
 * answers for the device): their HTML, and the `script` item the page runs.
 */
export function shopWidgets(device: Device, language: Language = 'it', freeShippingFrom?: number): { placed: Array<{ id: string; html: string }>; script: string | null } {
  const placed: Array<{ id: string; html: string }> = [];
  let script: string | null = null;
  for (const [id, item] of Object.entries(widgetItems(device, language, freeShippingFrom))) {
    if (id === 'script') script = typeof item === 'string' ? item : null;
    else if (typeof item === 'object' && item) placed.push({ id, html: item.content });
  }
  return { placed, script };
}

/** Top layers and widgets; the key `script` is a script the page runs (same origin, under its CSP). */
function widgetItems(device: Device, language: Language = 'it', freeShippingFrom = DEFAULT_SHOP_FACTS.freeShippingFrom): NonNullable<ShopDataResponse['ToplayersAndWidgets']>['response']['items'] {
  return {
    'free-shipping-layer': { content: `<div class="widget-layer" data-device="${device}">${escapeHtml(withAmount(shopTexts(language).snippets.freeShipping, freeShippingFrom, language))}</div>` },
    script: 'window.shopWidgets = Object.assign(window.shopWidgets || {}, { loaded: true });',
  };
}

/** The product of the product page at this address (`/product-<id>-<slug>.html`, in any language: `/pl/product-...`), or null. */
export function askingProduct(referer: string | undefined): number | null {
  if (!referer) return null;
  try {
    const { type, productId } = pageTypeOf(splitLanguagePath(new URL(referer).pathname).path);
    return type === 'product' ? productId : null;
  } catch {
    return null;
  }
}

/** POST /ajax/get.php: the shop data bundle, one key per requested section, each { response }. */
export function shopDataRoutes(app: FastifyInstance, repo: ShopRepository): void {
  // Gives a new visitor the cookie only when it reads their basket or wishlist (not for snippets and widgets).
  app.post('/ajax/get.php', { config: { visitorWhenRead: true } }, async (request, reply) => {
    const body = request.body as Record<string, unknown> | undefined;
    const raw = body?.request;
    if (typeof raw !== 'string' || raw.length > 10_000) throw new BadRequest('missing_parameter', 'Field request must hold the JSON of the sections wanted');
    let wanted: ShopDataRequest;
    try {
      wanted = JSON.parse(raw) as ShopDataRequest;
    } catch {
      throw new BadRequest('invalid_json', 'Field request is not valid JSON');
    }
    if (!wanted || typeof wanted !== 'object' || Array.isArray(wanted)) throw new BadRequest('invalid_json', 'Field request must be a JSON object');
    const unknown = Object.keys(wanted).filter((key) => !(SECTIONS as readonly string[]).includes(key));
    if (unknown.length) throw new BadRequest('unknown_section', `Unknown section: ${unknown.join(', ')}`);

    const language = requestLanguage(request);
    const answer: ShopDataResponse = {};
    if (wanted.Basket || wanted.Wishlist) request.visitorTouched = true;
    if (wanted.Basket) answer.Basket = { response: { basket: await inLanguage(repo, language).basket(request.visitorId), user: { id: null, logged: false } } };
    if (wanted.Wishlist) answer.Wishlist = { response: { attributes: { count: await repo.wishlistCount(request.visitorId) } } };
    if (wanted.Comparers) answer.Comparers = { response: { product: [] } };
    if (wanted.Projector) {
      // The projector (product page) data: of the product named, or, with empty params as the
      // spec's page sends them, of the product page asking (its address, the Referer; a foreign
      // one never gets this far: see server/security.ts). Not a product page: null.
      const raw = wanted.Projector.params?.product as unknown;
      const named = typeof raw === 'number' || (typeof raw === 'string' && /^\d{1,10}$/.test(raw)) ? Number(raw) : NaN;
      // An id no table can hold (1e+308, 10000000000000000000) is a 400, not a query that fails.
      if (raw !== undefined && raw !== null && raw !== '' && !isStorableId(named)) throw new BadRequest('invalid_parameter', 'Projector.params.product must be a product id');
      const id = isStorableId(named) && named > 0 ? named : askingProduct(request.headers.referer);
      answer.Projector = { response: id ? await inLanguage(repo, language).productPage(id) : null };
    }
    const freeFrom = wanted.Snippets || wanted.ToplayersAndWidgets ? (await repo.shopSettings()).freeShippingFrom : undefined;
    if (wanted.Snippets) {
      const device = deviceOf(wanted.Snippets.params);
      // A product page (the address the page sends, else the Referer) whose product ships in no known time makes no shipping promise.
      const path = wanted.Snippets.params?.request_uri;
      const product = askingProduct(typeof path === 'string' && path.startsWith('/') ? `http://shop${path}` : request.headers.referer);
      const page = product ? await inLanguage(repo, language).productPage(product) : null;
      answer.Snippets = { response: { items: snippetItems(device, language, freeFrom, !page || promisesShipping(page)) } };
    }
    if (wanted.ToplayersAndWidgets) answer.ToplayersAndWidgets = { response: { items: widgetItems(deviceOf(wanted.ToplayersAndWidgets.params), language, freeFrom) } };
    reply.header('Cache-Control', 'no-store');
    return answer;
  });
}
