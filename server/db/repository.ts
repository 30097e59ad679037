import type {
  BasketSummary,
  BrakeProduct,
  ListingResponse,
  LowestPriceProduct,
  ProductPageData,
  ProductTrait,
  ShippingOption,
  TextSearchResult,
  EngineNode,
  SubstituteEntry,
  InstalmentParams,
} from '../../src/api/wire';

/**
 * What the routes need from storage. Routes talk only to this interface, so another store
 * (PostgreSQL, say) can serve by implementing it; `SqliteShopRepository` is the default.
 */
export interface ShopRepository {
  /* vehicles: the configurator's four levels */
  brands(): Array<[number, string]>;
  models(brandId: number): Array<[number, string]>;
  generations(modelId: number): Array<[number, string]>;
  engines(generationId: number): Array<[number, string]>;
  engineTree(letter?: string): EngineNode[];
  brandInitials(): EngineNode[];

  /* catalogue */
  categoryCounts(filter: ListingFilter): Array<[number, string, number]>;
  axisCounts(filter: ListingFilter): Array<[number, string, number]>;
  listing(filter: ListingFilter, page: number, pageSize: number): ListingResponse;
  productExists(id: number): boolean;
  /** The product's category id, or null when there is no such product. */
  productCategory(id: number): number | null;
  productPage(id: number): ProductPageData | null;
  traits(id: number): ProductTrait[] | null;
  brakeProducts(filter: BrakeProductFilter): BrakeProduct[];
  textSearch(text: string, limit: number): TextSearchResult;
  lowestPrices(inputs: Array<{ productId: number; sizeId?: string | null }>): LowestPriceProduct[];
  shippingOptions(productId: number, sizeId: string, quantity: number, region?: string): ShippingOption[] | null;
  /** Couriers for the visitor's whole basket (mode "basket", ours), optionally for a delivery region. */
  basketShippingOptions(visitorId: string, region?: string): ShippingOption[];
  substitutes(): SubstituteEntry[];
  instalmentParams(totalPrice: number): InstalmentParams;
  /** Records "e-mail me when this size is back"; false when the product or size does not exist. */
  requestAvailabilityNotice(visitorId: string, notice: { productId: number; sizeId: string; email: string }): boolean;
  /** How many notices wait for a product (all sizes). */
  availabilityNotices(productId: number): number;
  /** Stores a contact-form message (already validated); answers its id. */
  saveContactMessage(visitorId: string, message: ContactMessage): number;

  /* visitors and baskets */
  ensureVisitor(id: string): void;
  basket(visitorId: string): BasketSummary;
  changeBasket(visitorId: string, change: BasketChange): BasketChangeResult;
  removeFromBasket(visitorId: string, lines: Array<{ id: number; size: string; additional: string }>): number;
  wishlistCount(visitorId: string): number;
  takeTrackingEvents(visitorId: string): string[];
  pendingTrackingEvents(visitorId: string): number;
}

export interface ListingFilter {
  category?: number;
  subCategory?: number;
  engine?: number;
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
