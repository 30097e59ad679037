/**
 * What both repositories build from rows (no SQL here): product, size and basket answers,
 * couriers, descriptions, all priced in integer cents (server/money.ts). A backend fetches
 * rows its own way and hands them to these functions, so both answer the same. The decision of
 * a basket change is `decideBasketChange` (server/db/basketLimits.ts), which both call inside
 * their write transaction.
 */
import {
  AXIS,
  BRAKE_CATEGORY,
  ONE_SIZE,
  PRODUCT_VEHICLES_LISTED,
  TRAIT,
  SUBSCRIPTION_ADDITIONAL,
  type AwardedParameter,
  type BasketProduct,
  type BasketSummary,
  type WithdrawnBasketLine,
  type BrakeProduct,
  type EngineNode,
  type ListingProduct,
  type ProductPageData,
  type ProductSizeData,
  type ProductType,
  type ShippingOption,
  type SizeAvailability,
  type SizePrices,
  type TextSearchResult,
} from '../../src/api/wire';
import { ZIP_RANGES } from '../../src/domain/zipRanges';
import { allowsInstalments } from '../../src/domain/instalments';
import { formatPrice } from '../../src/domain/priceMask';
import { foldText } from '../../src/domain/searchText';
import { productLink } from '../text';
import { vehiclePagePath } from '../../src/domain/vehiclePages';
import { afterRebate, basketTotals, formatCents, fromCents, lineTotal, netOf, toCents, type Cents } from '../money';
import { BASKET_LIMITS, lineMaximum, lineRules, type LimitLine, type LimitProduct } from './basketLimits';
import type { ListingFilter } from './repository';
import { ORDER_BY_LEAD_HOURS } from '../../src/domain/shippingTime';
import { shopClock } from '../clock';
import { shopperText, smallTableMatcher } from './searchTerms';
import { matchCmsPages, type CmsSearchEntry } from './cmsPages';

export interface ProductRow {
  id: number;
  name: string;
  slug: string;
  type: ProductType;
  category_id: number;
  subcategory_id: number | null;
  axis_id: number | null;
  producer_id: number;
  series_id: number | null;
  catalog_no: string;
  short_description: string;
  unit: string;
  unit_plural: string;
  unit_sellby: number;
  unit_precision: number;
  for_points: number;
  min_quantity: number | null;
  max_quantity: number | null;
  min_size_quantity: number | null;
  max_size_quantity: number | null;
  min_subscription_quantity: number | null;
  subscription: number;
  phone_price: number;
  gratis: number;
  vat: number;
  /** 1: not vehicle-specific (migration 25, issue 37). */
  universal?: number;
  /** The first picture of the shop's own catalogue (product_pictures, migration 10), when read. */
  picture?: string | null;
}

export interface SizeRow {
  product_id: number;
  size_id: string;
  name: string;
  stock: number;
  status: string;
  delivery_unknown: number;
  shipping_days: number;
  shipping_cost: number;
  price_gross: number;
  price_net: number;
  srp_gross: number | null;
  maxprice_gross: number | null;
  advance_gross: number | null;
  subscription_gross: number | null;
  points: number;
  points_recive: number;
  basket_enable: number;
}

export interface RebateRow {
  threshold: number;
  threshold_end: number | null;
  value: number;
}

export interface CourierRow {
  name: string;
  icon: string;
  prepaid: 'prepaid' | 'dvp';
  cost_gross: number;
  days: number;
  working_days: number;
}

/** A fit's columns as `FitRow` (src/domain/fitment.ts) names them, for both backends. */
export const FIT_COLUMNS = 'engine_id AS "engineId", product_id AS "productId", position, from_month AS "fromMonth", to_month AS "toMonth", note';

export interface EngineRow {
  brand: string;
  model: string;
  generation: string;
  engine: string;
  engineId: number;
}

/** Names of the few small lookup tables, held in memory by a repository. */
export interface ShopNames {
  categories: Map<number, string>;
  producers: Map<number, string>;
}

export interface SmallTables {
  producers: Array<{ id: number; name: string; folded: string }>;
  series: Array<{ id: number; name: string; folded: string }>;
  menuNodes: Array<{ name: string; link: string; breadcrumbs: string[]; folded: string }>;
  /** The information pages, matched by `matchCmsPages` (server/db/cmsPages.ts). */
  cms: CmsSearchEntry[];
  queries: Array<{ name: string; folded: string }>;
}

export const round2 = (n: number) => Math.round(n * 100) / 100;
/** The net of a 2-decimal gross price, rounded once (server/money.ts). */
export const net = (gross: number, vat: number) => fromCents(netOf(toCents(gross), vat));
/** What `quantity` of a size costs (its gross price, no rebate): the worth the couriers are chosen by. */
export const orderWorth = (priceGross: number, quantity: number) => fromCents(lineTotal(toCents(priceGross), quantity));
export const STATUS_TEXT: Record<string, string> = {
  enable: 'Disponibile',
  order: 'Su ordinazione',
  disable: 'Non disponibile',
};
export const AXIS_NAMES: Record<number, string> = { [AXIS.front]: 'Asse anteriore', [AXIS.rear]: 'Asse posteriore' };
export const PAGE_SIZE_MAX = 96;

/** Delivery regions of the zip ranges (islands): a surcharge and two more days. */
const REMOTE_REGIONS = new Set(ZIP_RANGES.flatMap((country) => country.items.map((item) => item.zipcode)));
const REMOTE_SURCHARGE = 12;
const REMOTE_EXTRA_DAYS = 2;

/**
 * A product's photo: the first picture of an imported catalogue (`picture`) when it has one and
 * it is a safe address, else the generated one (server/routes/images.ts draws it at the widths
 * of src/domain/responsiveImage.ts).
 */
export function productPhotoUrl(id: number, picture?: string | null): string {
  return pictureAddress(picture) ?? `/data/gfx/products/${id}.jpg`;
}

/**
 * An imported picture's address as pages may use it, or null: an http(s) address (another host
 * is loaded only when the CSP's img-src names it: PICTURE_ORIGINS, server/security.ts) or a path on
 * this origin (never `//host`, which would be another origin). No quotes, spaces or angle brackets.
 */
export function pictureAddress(url: string | null | undefined): string | null {
  if (!url || url.length > 500 || /[\s"'<>\\`]/.test(url)) return null;
  if (/^\/(?![/\\])/.test(url)) return url;
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The first imported picture of the product whose id is `idColumn`, as a column `picture` (the primary key's order). */
export const FIRST_PICTURE = (idColumn: string) => `(SELECT pp.url FROM product_pictures pp WHERE pp.product_id = ${idColumn} ORDER BY pp.position LIMIT 1) AS picture`;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function smallTableRows<T extends { name: string }>(rows: T[]): Array<T & { folded: string }> {
  return rows.map((r) => ({ ...r, folded: foldText(r.name) }));
}

/* ------------------------------------------------------------------ vehicles */

/** Nested brand > model > generation > engine in the { n, c } shape (rows in that order), optionally for one initial. */
export function engineTree(rows: Array<{ brand: string; model: string; generation: string; engine_id: number; engine: string }>, letter?: string): EngineNode[] {
  const tree: EngineNode[] = [];
  const child = (list: EngineNode[], name: string) => {
    let node = list[list.length - 1];
    if (!node || node.n !== name) list.push((node = { n: name, c: [] }));
    return node.c!;
  };
  for (const row of rows) {
    if (letter && foldText(row.brand).charAt(0) !== letter) continue;
    child(child(child(tree, row.brand), row.model), row.generation).push({ n: row.engine, id: row.engine_id });
  }
  return tree;
}

export function brandInitials(brands: Array<[number, string]>): EngineNode[] {
  const initials = new Map<string, string[]>();
  for (const [, name] of brands) {
    const letter = foldText(name).charAt(0);
    initials.set(letter, [...(initials.get(letter) ?? []), name]);
  }
  return [...initials].map(([letter, names]) => ({ n: letter, c: names.map((n) => ({ n })) }));
}

/* ------------------------------------------------------------------ listing */

/** The product columns a listing row is built from (listingProduct): both repositories read only these. */
export const LISTING_PRODUCT_COLUMNS = ['id', 'name', 'slug', 'catalog_no', 'producer_id', 'category_id', 'axis_id', 'vat', 'gratis', 'unit_sellby', 'min_quantity', 'min_size_quantity'] as const;
/** `p.id, p.name, ...`: the listing's product columns of products `p`. */
export const LISTING_PRODUCT_SELECT = LISTING_PRODUCT_COLUMNS.map((column) => `p.${column}`).join(', ');
export type ListingRow = Pick<ProductRow, (typeof LISTING_PRODUCT_COLUMNS)[number]> & { size_id: string; price_gross: number; status: string; stock: number; size_count: number; fits: number | boolean; picture?: string | null };

export function listingProduct(r: ListingRow, filter: ListingFilter, names: ShopNames): ListingProduct {
  // A list adds 1 of the only size: only where 1 is a valid order the shopper needs no choice for.
  const oneIsValid = r.unit_sellby === 1 && !(r.min_quantity && r.min_quantity > 1) && !(r.min_size_quantity && r.min_size_quantity > 1);
  // The size's stock caps the quantity, sold on order too (storefront spec, section 5): none, no list add.
  const buyable = r.status !== 'disable' && !r.gratis && r.price_gross > 0 && r.stock !== 0;
  return {
    id: r.id,
    name: r.name,
    link: productLink(r.id, r.slug),
    icon: productPhotoUrl(r.id, r.picture),
    versionName: `${r.catalog_no}#${r.id}`,
    producer: names.producers.get(r.producer_id) ?? '',
    category: { id: r.category_id, name: names.categories.get(r.category_id) ?? '' },
    axis: r.axis_id ? { id: r.axis_id, name: AXIS_NAMES[r.axis_id] ?? '' } : null,
    price: { value: r.price_gross, currency: 'EUR', formatted: formatPrice(r.price_gross) },
    price_net: { value: net(r.price_gross, r.vat), currency: 'EUR', formatted: formatPrice(net(r.price_gross, r.vat)) },
    status: r.status,
    status_description: STATUS_TEXT[r.status] ?? r.status,
    fits: filter.engine !== undefined || r.fits === 1 || r.fits === true,
    listSize: r.size_count === 1 && oneIsValid && buyable ? r.size_id : null,
  };
}

/* ------------------------------------------------------------------ products */

/** Parameter rows (ordered by param id, value name) grouped per parameter. */
export function awardedParameters(rows: Array<{ param_id: number; param_name: string; id: number; name: string }>): AwardedParameter[] {
  const params: AwardedParameter[] = [];
  for (const row of rows) {
    let param = params.find((p) => p.id === row.param_id);
    if (!param) params.push((param = { id: row.param_id, name: row.param_name, values: [] }));
    param.values.push({ id: row.id, name: row.name });
  }
  return params;
}

/** The description's own headings and labels (the shop's texts: src/i18n/*.ts, section shopTexts.description). */
export interface DescriptionLabels {
  info: string;
  producer: string;
  catalogueNumber: string;
  replacements: string;
  engines: string;
}

/** The Italian labels: the repositories build descriptions in the shop's language (server/catalogueLanguage.ts translates them). */
export const ITALIAN_DESCRIPTION_LABELS: DescriptionLabels = {
  info: 'Informazioni sul prodotto',
  producer: 'Produttore',
  catalogueNumber: 'Codice catalogo',
  replacements: 'Codici di ricambio',
  engines: 'Motori compatibili',
};

/** Where a description's engine list starts (its list of names needs no translation). */
export const ENGINE_LIST_START = '<ul class="engine-list">';

/** What a description is drawn from: its lead, its facts, its traits and its engine list (HTML, or ''). */
export interface DescriptionParts {
  lead: string;
  /** Disc descriptions come as the supplier writes them (a data-tech-name names the heading the finder goes before). */
  supplierText: boolean;
  producerName: string;
  catalogNo: string;
  params: AwardedParameter[];
  engineList: string;
}

/** HTML: product info table, replacement list, engine list. */
export function descriptionHtml(parts: DescriptionParts, labels: DescriptionLabels = ITALIAN_DESCRIPTION_LABELS): string {
  const esc = escapeHtml;
  const info = parts.params
    .filter((p) => p.id !== TRAIT.replacementCode)
    .map((p) => `<tr><th scope="row">${esc(p.name)}</th><td>${esc(p.values.map((v) => v.name).join(', '))}</td></tr>`)
    .join('');
  const codes = parts.params.find((p) => p.id === TRAIT.replacementCode)?.values ?? [];
  return (
    `<p${parts.supplierText ? ` class="product-lead" data-tech-name="${esc(labels.info)}"` : ''}>${esc(parts.lead)}</p>` +
    `<h3>${esc(labels.info)}</h3><table class="product-info"><tbody><tr><th scope="row">${esc(labels.producer)}</th><td>${esc(parts.producerName)}</td></tr>` +
    `<tr><th scope="row">${esc(labels.catalogueNumber)}</th><td>${esc(parts.catalogNo)}</td></tr>${info}</tbody></table>` +
    (codes.length ? `<h3>${esc(labels.replacements)}</h3><ul class="replacement-list">${codes.map((c) => `<li>${esc(c.name)}</li>`).join('')}</ul>` : '') +
    (parts.engineList ? `<h3 class="engine-list-title">${esc(labels.engines)}</h3>${parts.engineList}` : '')
  );
}

/** HTML: product info table, replacement list, engine list (grouped brand > generation > engine), in Italian. */
export function longDescription(product: ProductRow, params: AwardedParameter[], engines: EngineRow[], producerName: string): string {
  const esc = escapeHtml;
  // Disc descriptions come as the supplier writes them: no engine list (the engines are in the
  // traits, groups 49 and 181409, only).
  const supplierText = product.category_id === BRAKE_CATEGORY.discs;
  const groups = new Map<string, Map<string, string[]>>();
  for (const e of supplierText ? [] : engines) {
    const brand = groups.get(e.brand) ?? new Map<string, string[]>();
    groups.set(e.brand, brand);
    const generation = `${e.model} ${e.generation.replace(`${e.model} `, '')}`;
    brand.set(generation, [...(brand.get(generation) ?? []), e.engine]);
  }
  const engineList = [...groups]
    .map(
      ([brand, gens]) =>
        `<li>${esc(brand)}<ul>${[...gens].map(([gen, list]) => `<li>${esc(gen)}<ul>${list.map((engine) => `<li>${esc(engine)}</li>`).join('')}</ul></li>`).join('')}</ul></li>`,
    )
    .join('');
  return descriptionHtml({
    lead: product.short_description || product.name,
    supplierText,
    producerName,
    catalogNo: product.catalog_no,
    params,
    engineList: engineList ? `${ENGINE_LIST_START}${engineList}</ul>` : '',
  });
}

/** A size's prices; `omnibus` is the lowest price of the last 30 days (null: none recorded). */
export function sizePrices(product: ProductRow, size: SizeRow, mode: 'normal' | 'subscription', omnibusRow: { gross: number; net: number } | null, rebates: RebateRow[]): SizePrices {
  const gross = mode === 'subscription' && size.subscription_gross !== null ? size.subscription_gross : size.price_gross;
  const vat = product.vat;
  const omnibus = omnibusRow ?? { gross, net: net(gross, vat) };
  const srp = size.srp_gross ?? 0;
  const yousave = srp > gross ? fromCents(toCents(srp) - toCents(gross)) : 0;
  const money = (value: number) => formatPrice(value);
  const prices: SizePrices = {
    value: gross,
    price_formatted: money(gross),
    price_net: net(gross, vat),
    price_net_formatted: money(net(gross, vat)),
    maxprice: size.maxprice_gross ?? 0,
    maxprice_formatted: money(size.maxprice_gross ?? 0),
    maxprice_net: net(size.maxprice_gross ?? 0, vat),
    maxprice_net_formatted: money(net(size.maxprice_gross ?? 0, vat)),
    omnibus_price: omnibus.gross,
    omnibus_price_formatted: money(omnibus.gross),
    omnibus_price_net: omnibus.net,
    omnibus_price_net_formatted: money(omnibus.net),
    srp,
    srp_formatted: money(srp),
    srp_net: net(srp, vat),
    srp_net_formatted: money(net(srp, vat)),
    points: size.points,
    points_recive: size.points_recive,
    rebate: 0,
    yousave,
    yousave_formatted: money(yousave),
    yousave_net: net(yousave, vat),
    yousave_percent: srp > gross ? Math.round((yousave / srp) * 100) : 0,
    advanceprice: size.advance_gross ?? 0,
    advanceprice_formatted: money(size.advance_gross ?? 0),
    basket_enable: size.basket_enable ? 'y' : 'n',
  };
  if (rebates.length) {
    prices.rebates = rebates.map((r) => ({ threshold: r.threshold, threshold_end: r.threshold_end ?? 0, value: r.value }));
    const first = rebates[0];
    // The same cents the basket prices a line at (server/money.ts).
    const rebated = (percent: number) => afterRebate(toCents(gross), percent);
    const nextPrice = rebated(first.value);
    prices.rebateNumber = {
      items: rebates.map((r) => ({ left: r.threshold, price: fromCents(rebated(r.value)), price_net: fromCents(netOf(rebated(r.value), vat)), threshold: r.threshold })),
      nextleft: first.threshold - 1,
      nextprice: fromCents(nextPrice),
      nextprice_net: fromCents(netOf(nextPrice, vat)),
      nextthreshold: first.threshold,
    };
  }
  return prices;
}

export function availability(product: ProductRow, size: SizeRow, now = shopClock.now()): SizeAvailability {
  const unknown = size.delivery_unknown === 1;
  const days = size.shipping_days;
  const beforeCutoff = now.getHours() < 14;
  const shipDate = new Date(now.getTime() + days * 86_400_000);
  const virtual = product.type === 'product_virtual' || product.type === 'product_service';
  return {
    visible: 'y',
    status: size.status,
    status_description: STATUS_TEXT[size.status] ?? size.status,
    // The phone-price products' availability text (the storefront shows it for them).
    status_description_tel: 'Disponibilità e prezzo al telefono',
    status_gfx: `/data/gfx/status/${size.status}.svg`,
    status_gfx_tel: '/data/gfx/status/tel.svg',
    delivery_days_undefined: unknown ? 'true' : 'false',
    delivery_date: unknown || virtual ? '' : shipDate.toISOString().slice(0, 10),
    shipping_time: {
      days,
      hours: 0,
      minutes: 0,
      week_day: shipDate.getDay(),
      week_amount: Math.floor(days / 7),
      today: days <= 1 && beforeCutoff && size.status === 'enable' ? 'true' : 'false',
      time: shipDate.toISOString().slice(0, 10),
      today_shipment_deadline: '14:00',
      unknown_time: unknown ? 'true' : 'false',
    },
    delay_time: { unknown_delivery_time: unknown ? 'true' : 'false' },
  };
}

/** What a product page is made of, fetched by a backend. */
export interface ProductPageRows {
  product: ProductRow;
  sizes: SizeRow[];
  params: AwardedParameter[];
  engines: EngineRow[];
  rebates: RebateRow[];
  /** Lowest price of the last 30 days per size id. */
  omnibus: Map<string, { gross: number; net: number }>;
  /** A bundle's parts at their first size's price (null: not a bundle). */
  bundleTotal: number | null;
}

/** Shop settings a product page carries (the `settings` table, read when the repository opens). */
export interface PageSettings {
  /** Hours before the day's shipment deadline from which the page counts down (setting order_by_lead_hours). */
  orderByLeadHours: number;
}

/** The order-by lead time of the setting `order_by_lead_hours`: hours from 0 to 24; the default (3) when unset or not such a number. */
export function orderByLeadHoursSetting(raw: string | undefined): number {
  const value = raw === undefined || raw.trim() === '' ? NaN : Number(raw);
  return Number.isFinite(value) && value >= 0 && value <= 24 ? value : ORDER_BY_LEAD_HOURS;
}

export const DEFAULT_PAGE_SETTINGS: PageSettings = { orderByLeadHours: ORDER_BY_LEAD_HOURS };

export function productPageData(rows: ProductPageRows, names: ShopNames, settings: PageSettings = DEFAULT_PAGE_SETTINGS): ProductPageData {
  const { product, params } = rows;
  const sizes: Record<string, ProductSizeData> = {};
  for (const size of rows.sizes) {
    const omnibus = rows.omnibus.get(size.size_id) ?? null;
    const data: ProductSizeData = {
      type: size.size_id,
      name: size.name,
      amount: size.stock,
      availability: availability(product, size),
      delivery: {
        shipping: size.shipping_cost,
        shipping_formatted: formatPrice(size.shipping_cost),
        undefined: product.type === 'product_virtual' || product.type === 'product_service' ? 'true' : 'false',
      },
      price: sizePrices(product, size, 'normal', omnibus, rows.rebates),
      phone_price: product.phone_price === 1,
      gratis: product.gratis === 1,
    };
    if (product.subscription) {
      data.price_normal = data.price;
      data.price_subscription = sizePrices(product, size, 'subscription', omnibus, rows.rebates);
    }
    const bundleTotal = rows.bundleTotal;
    if (bundleTotal) {
      const diff = fromCents(toCents(bundleTotal) - toCents(size.price_gross));
      data.bundle_price = {
        price_gross: bundleTotal,
        price_gross_formatted: formatPrice(bundleTotal),
        price_net: net(bundleTotal, product.vat),
        price_net_formatted: formatPrice(net(bundleTotal, product.vat)),
        percent_diff: Math.round((diff / bundleTotal) * 100),
        amount_diff_gross: diff,
        amount_diff_net: net(diff, product.vat),
      };
    }
    sizes[size.size_id] = data;
  }
  return {
    product_id: product.id,
    product_type: product.type,
    name: product.name,
    link: productLink(product.id, product.slug),
    icon: productPhotoUrl(product.id, product.picture),
    longDescription: longDescription(product, params, rows.engines, names.producers.get(product.producer_id) ?? ''),
    shortDescription: product.short_description,
    producer: { id: product.producer_id, name: names.producers.get(product.producer_id) ?? '' },
    category: { id: product.category_id, name: names.categories.get(product.category_id) ?? '' },
    versionName: `${product.catalog_no}#${product.id}`,
    currency: 'EUR',
    unit: product.unit,
    unit_plural: product.unit_plural,
    unit_sellby: product.unit_sellby,
    unit_precision: product.unit_precision,
    for_points: product.for_points === 1,
    price_type: 'gross',
    order_by_lead_hours: settings.orderByLeadHours,
    order_quantity_range: {
      max_quantity_per_order: product.max_quantity,
      max_size_quantity_per_order: product.max_size_quantity,
      min_quantity_per_order: product.min_quantity,
      min_size_quantity_per_order: product.min_size_quantity,
      minimum_quantity_subscription: product.min_subscription_quantity,
    },
    sizes,
    awardedParameters: params,
    subscription: product.subscription === 1,
    ...fitsVehicles(product, rows.engines),
  };
}

/** The vehicles a part fits, as its page names them to search engines (issue 37); nothing for a universal product. */
function fitsVehicles(product: ProductRow, engines: EngineRow[]): Pick<ProductPageData, 'fitsVehicles'> {
  if (Number(product.universal ?? 0) === 1 || engines.length === 0) return {};
  const first = engines.slice(0, PRODUCT_VEHICLES_LISTED).map((e) => {
    const name = `${e.brand} ${e.generation} ${e.engine}`;
    return { name, brand: e.brand, model: e.model, link: vehiclePagePath('engine', Number(e.engineId), name) };
  });
  return { fitsVehicles: { total: engines.length, first } };
}

export function traitsOf(product: ProductRow, engines: EngineRow[], names: ShopNames) {
  const html = engines.map((e) => `<li>${escapeHtml(`${e.brand} ${e.model} ${e.generation.replace(`${e.model} `, '')} ${e.engine}`)}</li>`).join('');
  return [
    { groupid: TRAIT.category, description: escapeHtml(names.categories.get(product.category_id) ?? '') },
    { groupid: TRAIT.engine, description: html ? `<ul>${html}</ul>` : '' },
    { groupid: TRAIT.engineCompat, description: html ? `<ul>${html}</ul>` : '' },
  ];
}

/** A brake product's price, gross and net (the net one rounded once, as every net price). */
export function brakePrice(gross: number, vat: number) {
  const netValue = net(gross, vat);
  return { gross: { value: gross, currency: 'EUR', formatted: formatPrice(gross) }, net: { value: netValue, currency: 'EUR', formatted: formatPrice(netValue) } };
}

export function brakeProduct(product: ProductRow, sizes: SizeRow[], params: AwardedParameter[], engines: EngineRow[], names: ShopNames): BrakeProduct {
  const first = sizes[0];
  return {
    id: product.id,
    name: product.name,
    link: productLink(product.id, product.slug),
    icon: productPhotoUrl(product.id, product.picture),
    longDescription: longDescription(product, params, engines, names.producers.get(product.producer_id) ?? ''),
    price: { price: brakePrice(first.price_gross, product.vat) },
    producer: { name: names.producers.get(product.producer_id) ?? '' },
    ...(sizes.length > 1 || first.size_id !== ONE_SIZE ? { sizes: sizes.map((s) => ({ id: s.size_id, name: s.name })) } : {}),
    versionName: `${product.catalog_no}#${product.id}`,
    awardedParameters: params,
  };
}

/* ------------------------------------------------------------------ search */

export function searchProduct(r: { id: number; name: string; slug: string; vat: number; price_gross: number; picture?: string | null }): TextSearchResult['products'][number] {
  const netValue = net(r.price_gross, r.vat);
  return {
    name: r.name,
    link: productLink(r.id, r.slug),
    iconSmall: productPhotoUrl(r.id, r.picture),
    price: { price: { gross: { value: r.price_gross, formatted: formatPrice(r.price_gross) }, net: { value: netValue, formatted: formatPrice(netValue) } } },
  };
}

/** The small groups of a text search, matched in memory; the cms group in `lang` when given (every language's without). */
export function smallTableGroups(t: SmallTables, text: string, max: number, lang?: string): Pick<TextSearchResult, 'producers' | 'series' | 'menuNodes' | 'cms' | 'searchQueries'> {
  const hit = smallTableMatcher(text);
  return {
    producers: t.producers.filter((p) => hit(p.folded)).slice(0, max).map((p) => ({ name: p.name, link: `/search.php?producer=${p.id}` })),
    series: t.series.filter((s) => hit(s.folded)).slice(0, max).map((s) => ({ name: s.name, link: `/search.php?text=${encodeURIComponent(s.name)}` })),
    menuNodes: t.menuNodes.filter((m) => hit(m.folded)).slice(0, max).map((m) => ({ name: m.name, link: m.link, breadcrumbs: m.breadcrumbs })),
    // The information pages match the shopper's own words (not the catalogue's forgiven ones).
    cms: matchCmsPages(t.cms, shopperText(text), max, lang),
    searchQueries: t.queries.filter((q) => hit(q.folded)).slice(0, max).map((q) => ({ name: q.name, link: `/search.php?text=${encodeURIComponent(q.name)}` })),
  };
}

/**
 * A size's availability after its stock is set (one `?`: the new stock), in an UPDATE of `sizes`
 * (where `stock` and `status` are the row's old values): statusAfterStock of src/domain/stockStatus.ts
 * as SQL, for the single writes of `npm run catalogue:stock` (test/unit/domain/stockStatus.test.ts
 * holds both to the same answers).
 */
export const STATUS_AFTER_STOCK =
  "CASE WHEN ? = stock THEN status WHEN ? <> 0 THEN (CASE WHEN status = 'disable' AND stock = 0 THEN 'enable' ELSE status END) WHEN status = 'enable' THEN 'disable' ELSE status END";

/* ------------------------------------------------------------------ shipping */

/**
 * Couriers for an order worth `worth`: prepaid ones are free from the free-shipping threshold;
 * a remote region (the islands of the delivery zip ranges) costs more and takes longer.
 */
export function courierOptions(couriers: CourierRow[], freeShippingFrom: number, worth: number, leadDays: number, region?: string): ShippingOption[] {
  const remote = region !== undefined && REMOTE_REGIONS.has(region);
  return couriers.map((c) => {
    const base = c.prepaid === 'prepaid' && worth >= freeShippingFrom && !remote ? 0 : c.cost_gross;
    const cost = fromCents(toCents(base) + (remote ? toCents(REMOTE_SURCHARGE) : 0));
    return {
      courier: { name: c.name, icon: c.icon },
      prepaid: c.prepaid,
      cost: { value: cost, currency: 'EUR', formatted: formatPrice(cost) },
      deliveryTime: { time: { days: c.days + leadDays + (remote ? REMOTE_EXTRA_DAYS : 0) }, workingDays: c.working_days === 1 },
    };
  });
}

/* ------------------------------------------------------------------ baskets */

/** The unit price at a quantity, in cents: the highest rebate tier reached (its percent off the gross price). */
export function rebatedUnitCents(tiers: Array<{ threshold: number; value: number }>, grossCents: Cents, count: number): Cents {
  let unit = grossCents;
  for (const tier of tiers) if (count >= tier.threshold) unit = afterRebate(grossCents, tier.value);
  return unit;
}

export type BasketLineRow = {
  product_id: number;
  /** The vehicle chosen when the line was added (migration 9), or null. */
  vehicle_engine?: number | string | null;
  vehicle_label?: string | null;
  /** The product's type: virtual products and services take no instalments. */
  product_type: string;
  size_id: string;
  additional: string;
  count: number;
  name: string;
  slug: string;
  vat: number;
  catalog_no: string;
  size_name: string;
  price_gross: number;
  subscription_gross: number | null;
  stock: number;
  status: string;
  picture?: string | null;
} & LimitProduct;

/**
 * The basket answer from its lines (in basket order) and each product's rebate tiers, in cents:
 * each line's total rounded once, the basket's totals the sums of the lines' totals. A line's
 * `rules.max` leaves room for the product's other lines (per-order maximum, size maximum,
 * stock), as `decideBasketChange` will judge a change of it.
 */
/** A row of basket_lines_withdrawn (migration 10). */
export interface WithdrawnLineRow {
  product_id: number;
  size_id: string;
  additional: string;
  count: number;
  product_name: string;
  size_name: string;
  withdrawn_at: string;
}

/** The columns and order both backends read withdrawn lines in (oldest withdrawal first, as the basket's order). */
export const WITHDRAWN_LINES_SQL =
  'SELECT product_id, size_id, additional, count, product_name, size_name, withdrawn_at FROM basket_lines_withdrawn WHERE visitor_id = ? ORDER BY withdrawn_at, added_at, product_id';

export function withdrawnLine(r: WithdrawnLineRow): WithdrawnBasketLine {
  return { id: Number(r.product_id), size: r.size_id, md5_additional: r.additional, name: r.product_name, size_name: r.size_name, count: Number(r.count), withdrawn_at: r.withdrawn_at };
}

export function basketSummary(
  rows: BasketLineRow[],
  tiersOf: (productId: number) => Array<{ threshold: number; value: number }>,
  freeShippingFrom: number,
  withdrawn: WithdrawnLineRow[] = [],
): BasketSummary {
  const linesOf = new Map<number, LimitLine[]>();
  for (const r of rows) linesOf.set(r.product_id, [...(linesOf.get(r.product_id) ?? []), { sizeId: r.size_id, additional: r.additional, count: r.count }]);
  const priced = rows.map((r) => {
    // Quantity rebate tiers price the line as the product page showed them.
    const subscription = r.additional === SUBSCRIPTION_ADDITIONAL && r.subscription_gross !== null;
    return { row: r, subscription, unitCents: rebatedUnitCents(tiersOf(r.product_id), toCents(subscription ? r.subscription_gross! : r.price_gross), r.count) };
  });
  const totals = basketTotals(priced.map((p) => ({ unitCents: p.unitCents, quantity: p.row.count, vat: p.row.vat })));
  const products: BasketProduct[] = priced.map(({ row: r, subscription, unitCents }, index) => {
    const rules = lineRules(r, r);
    const others = (linesOf.get(r.product_id) ?? []).filter((line) => !(line.sizeId === r.size_id && line.additional === r.additional));
    const max = lineMaximum(r, { size_id: r.size_id, stock: r.stock, status: r.status }, others, rules);
    const capped = others.length > 0 || Number.isFinite(rules.max) || max < BASKET_LIMITS.maxQuantityPerProduct;
    return {
      id: r.product_id,
      size: r.size_id,
      size_name: subscription ? `${r.size_name} · abbonamento` : r.size_name,
      md5_additional: r.additional,
      product_version_name: r.catalog_no,
      name: r.name,
      link: productLink(r.product_id, r.slug),
      icon: productPhotoUrl(r.product_id, r.picture),
      count: r.count,
      worth_unit: fromCents(unitCents),
      prices: { worth_net_formatted: formatCents(totals.lines[index].net), worth_gros_formatted: formatCents(totals.lines[index].gross) },
      rules: { step: rules.step, precision: rules.precision, min: rules.min, max: capped ? Math.max(max, 0) : null, unit: r.unit, unit_plural: r.unit_plural },
      instalments: allowsInstalments(r.product_type),
      vehicle: r.vehicle_engine !== null && r.vehicle_engine !== undefined ? { engineId: Number(r.vehicle_engine), label: r.vehicle_label ?? '' } : null,
    };
  });
  const worth = totals.gross;
  const empty = rows.length === 0;
  const freeFrom = toCents(freeShippingFrom);
  const toShippingFree = empty ? freeFrom : Math.max(0, freeFrom - worth);
  const shipping = empty || toShippingFree === 0 ? 0 : toCents(6.9);
  return {
    productsCounter: rows.length,
    productsNumber: rows.reduce((sum, r) => sum + Math.round(r.count * 1000), 0) / 1000,
    products,
    worth: fromCents(worth),
    worth_formatted: formatCents(worth),
    worth_net: fromCents(totals.net),
    worth_net_formatted: formatCents(totals.net),
    shippingCost: fromCents(shipping),
    shippingCost_formatted: formatCents(shipping),
    shippingCost_net_formatted: formatCents(netOf(shipping, 22)),
    toShippingFree: fromCents(toShippingFree),
    toShippingFree_formatted: formatCents(toShippingFree),
    ...(withdrawn.length ? { withdrawn: withdrawn.map(withdrawnLine) } : {}),
  };
}

export function trackingEvents(pending: number): string[] {
  // Same-origin analytics events: plain data pushed onto the page's dataLayer.
  return Array.from({ length: Math.min(pending, 10) }, () => "window.dataLayer = window.dataLayer || []; window.dataLayer.push({ event: 'basket_change' });");
}
