import type { RootState } from '../../store';
import type { ListingResponse } from '../../src/api/wire';
import { pageDataNeeds, pageStateFrom, withCleanHtml, type PageAnswers } from '../../src/app/pageData';
import type { PageLocation } from '../../store/pageSlice';
import { DEFAULT_SHOP_FACTS, type PlacedHtml } from '../../store/shopDataSlice';
import type { ShopRepository } from '../db/repository';
import { listingData, listingFilter } from '../routes/search';
import { shopSnippets, shopWidgets, type Device } from '../routes/shopData';
import { shopFacts } from '../settings/shopSettings';
import { sanitizeHtml } from './sanitizer';
import { dismissedBanners } from '../../src/domain/banners';
import { optionsFromRows, type VehicleOption } from '../../src/domain/vehicle';
import vehicleReducer, { type VehicleState } from '../../store/vehicleSlice';
import { brandNames } from '../../src/domain/brakeFinder';
import finderReducer from '../../store/finderSlice';
import { EXTRA_SCRIPTS_PREFIX } from '../extraScripts';
import type { BasketSummary, ProductPageData } from '../../src/api/wire';
import { instalmentRequestOf, isPhysical, productXmlOf, promisesShipping } from '../../src/domain/productOffer';
import { showsShippingInfo } from '../../src/domain/shippingTime';
import productReducer, { instalmentRequestKey, offerKey, productOpened, shippingHash, type ProductState } from '../../store/productSlice';
import { openingQuantity, pageOffer, singleSizeOf } from '../../store/productSelectors';
import { instalmentAnswer } from '../routes/content';
import { inLanguage } from '../catalogueLanguage';
import type { Language } from '../../src/i18n/runtime';

/**
 * The shop's snippet and widget HTML for a device, cleaned once by the same allow-list as every
 * other server HTML (the items depend on the device, the language and whether the page may
 * promise shipping, so each combination's is kept).
 */
const placedByDevice = new Map<string, { bodyTop: PlacedHtml[]; bodyEnd: PlacedHtml[]; widgets: PlacedHtml[] }>();
export function placedShopHtml(device: Device, language: Language = 'it', freeShippingFrom = DEFAULT_SHOP_FACTS.freeShippingFrom, promise = true): { bodyTop: PlacedHtml[]; bodyEnd: PlacedHtml[]; widgets: PlacedHtml[] } {
  const key = `${device}|${language}|${freeShippingFrom}|${promise}`;
  let placed = placedByDevice.get(key);
  if (!placed) {
    const clean = (items: PlacedHtml[]) => items.map((item) => ({ id: item.id, html: sanitizeHtml(item.html) }));
    const snippets = shopSnippets(device, language, freeShippingFrom, promise);
    placed = { bodyTop: clean(snippets.bodyTop), bodyEnd: clean(snippets.bodyEnd), widgets: clean(shopWidgets(device, language, freeShippingFrom).placed) };
    // A threshold the owner changed makes a new key: the few kept stay few (devices x languages x thresholds).
    if (placedByDevice.size > 60) placedByDevice.clear();
    placedByDevice.set(key, placed);
  }
  return placed;
}

const CMS_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+){0,11}$/;

/** A slice's first state is its reducer's own (no copy of its fields here). */
const SERVER_INIT = { type: 'server/init' };

/**
 * A product page opens with its one size chosen (storefront spec, section 4): the product saga
 * would ask for that size's data, its lowest price of the last 30 days, its couriers and the
 * instalment limits at once, and its XML (attributes, size versions). The server answers them here, from the same repository and by the
 * same rules, so the page opens without a call (and without downloading the HTTP client); a
 * size chosen later, or another quantity, is asked as before.
 */
async function productOpening(repo: ShopRepository, product: ProductPageData, basket: BasketSummary): Promise<ProductState> {
  const sizeId = singleSizeOf(product);
  const quantity = openingQuantity(product, sizeId);
  const xml = productXmlOf(product);
  const drawn: ProductState = {
    ...productReducer(undefined, productOpened({ productId: product.product_id, quantity })),
    fromServer: true,
    attributes: xml.attributes,
    xmlVersionName: xml.versionName,
    xmlSizes: xml.sizes,
  };
  const offer = sizeId ? pageOffer(product, sizeId, 'normal') : null;
  // Several sizes: none is chosen yet, and each is asked for when the shopper chooses it.
  if (!sizeId || !offer) return drawn;
  const shipping = showsShippingInfo({ availability: offer.availability, delivery: offer.delivery, physical: isPhysical(product.product_type) });
  const instalmentRequest = instalmentRequestOf(product, quantity, offer, basket);
  const [lowest, couriers, instalment] = await Promise.all([
    repo.lowestPrices([{ productId: product.product_id, sizeId }]),
    shipping ? repo.shippingOptions(product.product_id, sizeId, quantity) : null,
    instalmentRequest ? instalmentAnswer(repo, { gross: instalmentRequest.price, net: instalmentRequest.priceNet }, basket) : null,
  ]);
  const lowestPrice = lowest[0]?.sizes.find((size) => size.id === sizeId)?.price[product.price_type] ?? null;
  return {
    ...drawn,
    offers: { [offerKey(sizeId, 'normal')]: offer },
    lowestPrice: { [sizeId]: lowestPrice },
    shippingKnown: couriers ? { [shippingHash(product.product_id, sizeId, quantity, null)]: couriers } : {},
    ...(instalmentRequest && instalment ? { instalment, instalmentFor: instalmentRequestKey(instalmentRequest) } : {}),
  };
}

function withBrands(vehicle: VehicleState, items: VehicleOption[]): VehicleState {
  return { ...vehicle, options: { ...vehicle.options, brand: { parentId: null, items } } };
}

/**
 * The store's first state for a page, straight from the repository, in the same wire shapes the
 * storefront's own calls answer: the page slice (built by the same `pageStateFrom` the browser's
 * page saga uses), the visitor's basket and wishlist count, and the snippets and widgets for the
 * device (their `script` item is run by the document: server/render/document.ts).
 */
export async function serverPageState(
  repo: ShopRepository,
  location: PageLocation,
  visitorId: string,
  device: Device,
  cookieHeader = '',
  extraScripts: readonly string[] = [],
  priceType: 'gross' | 'net' = 'gross',
  language: Language = 'it',
): Promise<Partial<RootState>> {
  // The page's data in its language (server/catalogueLanguage.ts).
  repo = inLanguage(repo, language);
  const needs = pageDataNeeds(location);
  // The vehicle configurator (home, listings) opens with its brands drawn: no call at load.
  const configurator = location.type === 'main' || location.type === 'search';
  // The brake page's finder opens with its brands drawn.
  const finderBrands = location.type === 'brakes';
  const [categories, listing, product, cmsPage, vehiclePage, basket, wishlistCount, brands, brandInitials, settings] = await Promise.all([
    needs.categories ? repo.categoryCounts(listingFilter({ onlyVisibleElements: 'true' })) : undefined,
    needs.listing ? (listingData(repo, needs.listing) as Promise<ListingResponse>) : undefined,
    needs.product !== null ? repo.productPage(needs.product) : undefined,
    needs.cmsPage !== null ? (CMS_SLUG.test(needs.cmsPage) ? repo.cmsPage(needs.cmsPage) : null) : undefined,
    needs.vehiclePage !== null ? (needs.vehiclePage.id > 0 ? repo.vehiclePage(needs.vehiclePage.kind, needs.vehiclePage.id) : null) : undefined,
    repo.basket(visitorId),
    repo.wishlistCount(visitorId),
    configurator ? repo.brands() : undefined,
    finderBrands ? repo.brandInitials() : undefined,
    repo.shopSettings(),
  ]);
  const answers: PageAnswers = { categories, listing };
  if (needs.product !== null) answers.product = product ?? null;
  if (needs.cmsPage !== null) answers.cmsPage = cmsPage ?? null;
  if (needs.vehiclePage !== null) answers.vehiclePage = vehiclePage ?? null;
  // A product that ships in no known time: its page's bar makes no shipping promise (issue 34, point 10).
  const placed = placedShopHtml(device, language, settings.freeShippingFrom, !product || promisesShipping(product));
  const opening = product ? await productOpening(repo, product, basket) : undefined;
  return {
    // The HTML the page embeds is cleaned here, by the shop's allow-list: the store holds only clean HTML.
    page: pageStateFrom(location, withCleanHtml(answers, sanitizeHtml)),
    ...(brands ? { vehicle: withBrands(vehicleReducer(undefined, SERVER_INIT), optionsFromRows(brands)) } : {}),
    ...(opening ? { product: opening } : {}),
    ...(brandInitials ? { finder: { ...finderReducer(undefined, SERVER_INIT), brands: brandNames(brandInitials) } } : {}),
    basket: { summary: basket, status: 'ready', wishlistCount, adding: [], user: { id: null, logged: false } },
    shopData: { bodyTop: placed.bodyTop, bodyEnd: placed.bodyEnd, widgets: placed.widgets, device, dismissedBanners: dismissedBanners(cookieHeader), extraScripts: { prefix: EXTRA_SCRIPTS_PREFIX, names: [...extraScripts] }, priceType, shop: shopFacts(settings) },
  };
}
