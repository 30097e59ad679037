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
  brakeProducts(filter: BrakeProductFilter): Promise<BrakeProduct[]>;
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
  /** Records "e-mail me when this size is back"; false when the product or size does not exist. */
  requestAvailabilityNotice(visitorId: string, notice: { productId: number; sizeId: string; email: string }): Promise<boolean>;
  /** How many notices wait for a product (all sizes). */
  availabilityNotices(productId: number): Promise<number>;
  /** Stores a contact-form message (already validated); answers its id. */
  saveContactMessage(visitorId: string, message: ContactMessage): Promise<number>;

  /* visitors and baskets */
  ensureVisitor(id: string): Promise<void>;
  basket(visitorId: string): Promise<BasketSummary>;
  changeBasket(visitorId: string, change: BasketChange): Promise<BasketChangeResult>;
  removeFromBasket(visitorId: string, lines: Array<{ id: number; size: string; additional: string }>): Promise<number>;
  wishlistCount(visitorId: string): Promise<number>;
  takeTrackingEvents(visitorId: string): Promise<string[]>;
  pendingTrackingEvents(visitorId: string): Promise<number>;
}

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
}

export type BasketChangeResult =
  | { ok: true }
  | { ok: false; status: 404 | 409 | 422; code: string; message: string };

export interface ContactMessage {
  name: string;
  contact: string;
  subject: string;
  /** Normalised: no spaces, upper case; null when not given. */
  iban: string | null;
  message: string;
}
