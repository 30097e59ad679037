import type { ShopSettings } from '../settings/shopSettings';
import type { CatalogueDb } from './catalogue/store';
import type { CatalogueTexts } from './catalogueTexts';
import type { SearchVocabulary } from './searchVocabulary';
import type {
  BasketSummary,
  BrakeProduct,
  ListingResponse,
  LowestPriceProduct,
  ProductPageData,
  ProductTrait,
  ShippingOption,
  TextSearchResult,
  CmsPageResponse,
  EngineNode,
  SubstituteEntry,
  InstalmentParams,
} from '../../src/api/wire';
import type { FitAnswer, FitRow } from '../../src/domain/fitment';
import type { VehicleKey } from '../../src/domain/vehicleKey';
import type { VehicleChoice } from '../../src/domain/vehicle';
import type { CheckoutReads, PlaceOrderInput, PlaceOrderResult, StoredOrder } from '../orders/orderStore';
import type { OrderListFilter, OrderListPage, OrderStatusChangeInput, OrderStatusChangeResult, OrderWithHistory, OwnerDashboard } from '../orders/orderAdmin';
import type { InboxPage } from '../messages/inbox';
import type { VehiclePageData } from '../../src/api/wire';
import type { SqlDialect, Steps } from './steps';
import type { VehiclePageKind } from '../../src/domain/vehiclePages';

/**
 * What the routes need from storage. Routes talk only to this interface, so another store
 * (PostgreSQL, say) can serve by implementing it; `SqliteShopRepository` is the default.
 * Every method is asynchronous so that a network database can implement it.
 */
export interface ShopRepository {
  /** Resolves when the database answers a trivial query, throws otherwise (the /readyz probe). */
  ping(): Promise<void>;

  /* vehicles: the configurator's four levels */
  brands(): Promise<Array<[number, string]>>;
  models(brandId: number): Promise<Array<[number, string]>>;
  generations(modelId: number): Promise<Array<[number, string]>>;
  engines(generationId: number): Promise<Array<[number, string]>>;
  engineTree(letter?: string): Promise<EngineNode[]>;
  brandInitials(): Promise<EngineNode[]>;

  /* catalogue */
  categoryCounts(filter: ListingFilter): Promise<Array<[number, string, number]>>;
  axisCounts(filter: ListingFilter): Promise<Array<[number, string, number]>>;
  listing(filter: ListingFilter, page: number, pageSize: number): Promise<ListingResponse>;
  productExists(id: number): Promise<boolean>;
  /** The product's category id, or null when there is no such product. */
  productCategory(id: number): Promise<number | null>;
  productPage(id: number): Promise<ProductPageData | null>;
  /** How many products the catalogue holds (the sitemap index's size). */
  productCount(): Promise<number>;
  /** One page (from 1) of `size` products in id order, for the sitemap: id, URL slug, last change (YYYY-MM-DD) when known. */
  productSitemapPage(page: number, size: number): Promise<SitemapProduct[]>;
  traits(id: number): Promise<ProductTrait[] | null>;
  /**
   * The fits of these products on these engines, with their qualifiers (axle position,
   * production months, note: src/domain/fitment.ts), in engine then product order; a pair
   * without a row does not fit. Read by the fitments' primary key (engine, product).
   */
  fitments(engineIds: number[], productIds: number[]): Promise<FitRow[]>;
  /**
   * What each of these products says for each of these engines (issue 37): 'fits', 'check',
   * 'none' or 'universal', every pair of an existing product, in engine then product order.
   * Written once for both backends (server/db/fitAnswers.ts, through SharedReads).
   */
  fitAnswers(engineIds: number[], productIds: number[]): Promise<FitAnswer[]>;
  /** The engine a registration key names, with its brand, model and generation (issue 37); null when none has it. */
  engineByKey(key: VehicleKey): Promise<VehicleChoice | null>;
  /**
   * A vehicle page's data (issue 25): a brand with its models, a model with its engines, an
   * engine with its parts by category (each category's most popular, capped, with its total)
   * and their fit qualifiers; null when there is no such vehicle. Two round trips
   * (server/db/vehiclePages.ts).
   */
  vehiclePage(kind: VehiclePageKind, id: number): Promise<VehiclePageData | null>;
  /** Every vehicle page's path (brands, models, engines), for the sitemap. */
  vehiclePagePaths(): Promise<string[]>;
  brakeProducts(filter: BrakeProductFilter): Promise<BrakeProduct[]>;
  /** The catalogue's names and texts in the languages other than the shop's (issue 34). */
  catalogueTexts(): Promise<CatalogueTexts>;
  /** The catalogue's words per language, for forgiving search (server/db/searchVocabulary.ts); without it, search is exact. */
  searchVocabulary?(): Promise<SearchVocabulary>;
  /** `lang` (ours): the cms group holds that language's pages (every language's without it). */
  textSearch(text: string, limit: number, lang?: string): Promise<TextSearchResult>;
  /** An information page by its slug (any language), with its other languages; null when there is none. */
  cmsPage(slug: string): Promise<CmsPageResponse | null>;
  lowestPrices(inputs: Array<{ productId: number; sizeId?: string | null }>): Promise<LowestPriceProduct[]>;
  shippingOptions(productId: number, sizeId: string, quantity: number, region?: string): Promise<ShippingOption[] | null>;
  /** Couriers for the visitor's whole basket (mode "basket", ours), optionally for a delivery region. */
  basketShippingOptions(visitorId: string, region?: string): Promise<ShippingOption[]>;
  substitutes(): Promise<SubstituteEntry[]>;
  instalmentParams(totalPrice: number): Promise<InstalmentParams>;
  /**
   * Records "e-mail me when this size is back", waiting for its address to confirm it: false when
   * the product or size does not exist; else the token to mail to the address (a new one each
   * time, the earlier ones void), or null when the address has confirmed this notice already.
   */
  requestAvailabilityNotice(visitorId: string, notice: { productId: number; sizeId: string; email: string }): Promise<false | { token: string | null }>;
  /** Confirms the notice a mailed token names (again: still true); false when no notice has it. */
  confirmAvailabilityNotice(token: string): Promise<boolean>;
  /** How many confirmed notices wait for a product (all sizes). */
  availabilityNotices(productId: number): Promise<number>;
  /** Stores a contact-form message (already validated) with its files, in one transaction; answers its id. */
  saveContactMessage(visitorId: string, message: ContactMessage, attachments?: ContactAttachment[]): Promise<number>;
  /** A stored contact message with its files (for whoever answers or forwards it); null when there is none. */
  contactMessage(id: number): Promise<StoredContactMessage | null>;

  /* visitors and baskets */
  ensureVisitor(id: string): Promise<void>;
  basket(visitorId: string): Promise<BasketSummary>;
  changeBasket(visitorId: string, change: BasketChange): Promise<BasketChangeResult>;
  removeFromBasket(visitorId: string, lines: Array<{ id: number; size: string; additional: string }>): Promise<number>;
  wishlistCount(visitorId: string): Promise<number>;
  takeTrackingEvents(visitorId: string): Promise<string[]>;
  pendingTrackingEvents(visitorId: string): Promise<number>;

  /* orders (issue 32): server/orders/orderStore.ts, written once for both backends */
  /** The visitor's basket priced now, with the couriers and settings the checkout needs (nothing locked or written). */
  checkoutReads(input: { visitorId: string; vehicle: number | null; region: string; priceType: 'net' | 'gross' }): Promise<CheckoutReads>;
  /** Places the visitor's basket as an order in one transaction, or answers the order its checkout key already made. */
  placeOrder(input: PlaceOrderInput): Promise<PlaceOrderResult>;
  /** An order by its confirmation token, with its lines; null when there is none. */
  orderByToken(token: string): Promise<StoredOrder | null>;
  /** The newest orders with their lines, newest first. */
  latestOrders(limit: number): Promise<StoredOrder[]>;

  /* the back office (issue 36): server/orders/orderAdmin.ts and server/messages/inbox.ts, written once for both backends */
  /** One page (from 1) of the orders the filter keeps, newest first. */
  orderList(filter: OrderListFilter, page: number, pageSize: number): Promise<OrderListPage>;
  /** The orders the filter keeps, oldest first, at most `limit` (the accountant's CSV). */
  orderExport(filter: OrderListFilter, limit: number): Promise<StoredOrder[]>;
  /** An order by its number with its lines and status history; null when there is none. */
  orderByNumber(number: string): Promise<OrderWithHistory | null>;
  /** Changes an order's status as machines/orderStatus.ts allows, in one transaction with its effects (stock back, history). */
  changeOrderStatus(input: OrderStatusChangeInput): Promise<OrderStatusChangeResult>;
  /** The back office's first screen. */
  ownerDashboard(input: { now: Date; lowStockMark?: number }): Promise<OwnerDashboard>;
  /** A page of contact messages (their files named, not read) and the newest notice requests. */
  inbox(page: number, pageSize: number): Promise<InboxPage>;
  /** One file of a contact message with its content; null when there is none. */
  contactAttachment(messageId: number, fileId: number): Promise<{ fileName: string; mimeType: string; content: Buffer } | null>;
  /* the shop's own settings (issue 36, point 7): server/settings/shopSettings.ts, written once for both backends */
  /** The settings as this process last read them (defaults where nothing is stored). */
  shopSettings(): Promise<ShopSettings>;
  /** Stores the settings; every server reads them again and drops the pages it drew. */
  saveShopSettings(settings: ShopSettings): Promise<void>;

  /*
   * Stores written once for both backends as steps (server/db/steps.ts) outside the repository
   * (the back office, issue 36: server/owner/ownerStore.ts): the dialect their statements are
   * written in, and this repository's runners of them.
   */
  readonly sqlDialect: SqlDialect;
  /** Runs read-only steps (statement by statement, no write among them). */
  readSteps<T>(steps: Steps<T>): Promise<T>;
  /** Runs steps in one write transaction; `steps` makes them afresh for each attempt. */
  transactionSteps<T>(steps: () => Steps<T>): Promise<T>;

  /* catalogue writes (issue 22) */
  /**
   * Changes a product's price (every size's gross price, the net price kept in proportion),
   * stock (every size) or name, and records the change for every server (see
   * `watchCatalogue`) in the same transaction. Answers false when there is no such product.
   */
  updateProduct(id: number, change: ProductChange): Promise<boolean>;
  /** Records that the whole catalogue changed (a re-seed): every server drops everything it drew. */
  catalogueReplaced(): Promise<void>;
  /**
   * The connection a catalogue import runs on (server/db/catalogue/store.ts, as `npm run
   * catalogue:import` opens one): PostgreSQL, a client of the pool of its own until `close`;
   * SQLite, this repository's connection (better-sqlite3 is synchronous: the import's transaction
   * runs without giving the event loop to another request).
   */
  catalogueWriter(): Promise<{ db: CatalogueDb; close(): Promise<void> }>;
  /**
   * Calls `listener` with the products changed by any process or server on this database
   * (`'all'` for a re-seed): PostgreSQL by LISTEN/NOTIFY, SQLite by reading the change log
   * (migration 7) every `CATALOGUE_POLL_MS`. Answers the function that stops watching.
   */
  watchCatalogue(listener: (products: number[] | 'all') => void): () => Promise<void>;
  /**
   * Drops what the repository keeps in memory from the catalogue (listing totals and facet
   * counts, kept a minute per filter): called on every catalogue change, an import included.
   */
  clearCaches?(): void;
}

/** What a catalogue write may change on a product. */
export interface ProductChange {
  /** Gross price of every size, in the shop's currency (> 0). */
  price?: number;
  /** Stock of every size (-1 unlimited, 0 none). */
  stock?: number;
  name?: string;
}

/** How often a SQLite server reads the catalogue change log (the bound on how late another process learns of a change). */
export const CATALOGUE_POLL_MS = 500;
/** The PostgreSQL channel that carries catalogue changes (the payload: a product id, or `all`). */
export const CATALOGUE_CHANNEL = 'shop_catalogue';

export interface SitemapProduct {
  id: number;
  /** The product page is /product-<id>-<slug>.html. */
  slug: string;
  /** Day of the product's last recorded change (YYYY-MM-DD), or null when not known. */
  updatedAt: string | null;
}

export interface ListingFilter {
  category?: number;
  subCategory?: number;
  engine?: number;
  /**
   * Trait 172622: a replacement / OE code value id, or the vehicle (engine) id of a finder
   * result link (the spec gives both the one trait; their ids do not overlap): products
   * carrying that code or fitting that engine.
   */
  replacementCode?: number;
  axis?: number;
  brand?: number;
  model?: number;
  generation?: number;
  producer?: number;
  text?: string;
  /** Marks products that fit this engine (the saved vehicle) without filtering. */
  vehicle?: number;
  sort?: 'popular' | 'price_asc' | 'price_desc' | 'name';
  /** Only products sold below their recommended retail price (the promo zone). */
  discounted?: boolean;
  /** traits_alt[{id}] of any other trait: products carrying each of these trait values (value ids of param_values). */
  traits?: Array<{ trait: number; value: number }>;
}

export interface BrakeProductFilter {
  replacementCodes?: number[];
  axis?: number;
  category?: number;
  engine?: number;
  /** Products fitting any of these engines (the finder's built vehicle: every engine under it). */
  engines?: number[];
  productIds?: number[];
  limit: number;
}

export interface BasketChange {
  /** 'add' adds to the line's count; 'set' replaces it (0 removes the line). */
  mode: 'add' | 'set';
  productId: number;
  sizeId: string;
  quantity: number;
  additional: string;
  /** The vehicle chosen when the line is added (issue 25): kept on the line; absent keeps what it has. */
  vehicle?: { engineId: number; label: string };
}

export type BasketChangeResult =
  /**
   * `basket`: the basket after the change (read with it: the caller needs no second read);
   * `pendingTracking`: the visitor's analytics events waiting after the change, when the change read them (saves the caller a round trip).
   */
  | { ok: true; basket: BasketSummary; pendingTracking?: number }
  | { ok: false; status: 404 | 409 | 422; code: string; message: string; params?: Record<string, string | number> };

export interface ContactMessage {
  name: string;
  contact: string;
  subject: string;
  /** Normalised: no spaces, upper case; null when not given. */
  iban: string | null;
  message: string;
}

/** A file sent with a contact message (already checked by src/domain/upload.ts). */
export interface ContactAttachment {
  /** The form field it came in: attachment or opinion_photo. */
  field: string;
  fileName: string;
  mimeType: string;
  content: Buffer;
}

export interface StoredContactMessage extends ContactMessage {
  id: number;
  visitorId: string;
  createdAt: string;
  /** In the order they were sent; `size` is the content's length in bytes. */
  attachments: Array<ContactAttachment & { id: number; size: number }>;
}
