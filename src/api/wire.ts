/**
 * The shop HTTP API's wire shapes: the one definition both `server/` and `src/api/`
 * import. Names follow the spec's section 7 and `shared/WIRE.md` (the shapes the
 * platform's own shop templates send and read); where both are silent the shape is ours
 * and says so. Contract tests in `test/server/` pin every shape here.
 *
 * No imports and no behaviour here: types plus a few id constants, so the browser bundle pays nothing.
 */

/* ------------------------------------------------------------------ constants */

/** Trait (parameter) ids the spec names. */
export const TRAIT = {
  category: 24,
  subCategory: 47497,
  engine: 49,
  engineCompat: 181409,
  axis: 148722,
  replacementCode: 172622,
} as const;

export const AXIS = { front: 148723, rear: 148742 } as const;

/**
 * The brake-system traits a listing offers as filters (issue 25, point 4), by the demo
 * catalogue's trait ids (server/db/catalogue/generate.ts `PARAM`): the disc type (ventilated,
 * solid, drilled) and the disc diameter in mm. The demo catalogue sells parts for disc brakes
 * only (no drums or shoes), so these traits are its brake system; a catalogue with drum parts
 * gives them a disc type value of their own (the filter is by trait value, whatever its words).
 */
export const BRAKE_TRAIT = { discType: 90011, discDiameter: 90010 } as const;
export const LISTING_TRAIT_FACETS: readonly number[] = [BRAKE_TRAIT.discType, BRAKE_TRAIT.discDiameter];

/**
 * The traits that hold a brake's measures (issue 37, point 3; src/domain/brakeMeasures.ts): the
 * demo catalogue's ids, reserved for these measures in the catalogue file. A disc's and a pad's
 * thickness share one trait (as their height does): a part is one or the other.
 */
export const BRAKE_MEASURE = {
  discType: 90011,
  discDiameter: 90010,
  discThickness: 90003,
  discMinThickness: 90014,
  discCentring: 90013,
  discHoles: 90012,
  padWidth: 90001,
  padHeight: 90002,
  padThickness: 90003,
  padWear: 90005,
} as const;

export const BRAKE_CATEGORY = {
  pads: 148728,
  discs: 151538,
  kits: 154315,
  kitsB: 156891,
  allKits: 158346,
} as const;

/** Response header that announces pending tracking events (WIRE.md). */
export const TRACKING_EVENTS_HEADER = 'x-iai-tracking-events';

/** Engine data files exist per country (shop version): /data/include/cms/{country}/engine_categories_*.json. */
export const ENGINE_DATA_COUNTRIES = ['it', 'pl', 'en'] as const;

/** Literal size id of a one-size product. */
export const ONE_SIZE = 'uniw';

/* ------------------------------------------------------------------ errors */

/** Every 4xx/5xx answer of the reference backend (ours: the spec is silent). */
export interface ApiError {
  /**
   * `code` is stable: the page words it in the shopper's language (`refusal.<code>` in src/i18n)
   * with `params` (ours: the numbers and units the wording needs); `message` is the server's own
   * sentence (Italian), read only for a code the page does not know.
   */
  error: { code: string; message: string; params?: Record<string, string | number> };
}

/* ------------------------------------------------------------------ fitment (ours, issue 25) */

/**
 * `GET /ajax/fitment.php?engines=E1,E2&products=P1,P2` (at most FITMENT_LIMITS of each):
 * the fits of those products on those engines with their qualifiers (src/domain/fitment.ts),
 * in engine then product order. A pair that is not listed in `fits` has no fit: `answers` says
 * whether it does not fit or is universal.
 */
export interface FitmentAnswer {
  fits: Array<{
    engineId: number;
    productId: number;
    position: 'front' | 'rear' | null;
    fromMonth: string | null;
    toMonth: string | null;
    note: string | null;
  }>;
  /**
   * Every pair asked of an existing product, in the same order, with what the part says for the
   * vehicle (issue 37, src/domain/fitment.ts): 'fits', 'check' (fits, read the note), 'none' (does
   * not fit), 'universal' (not vehicle-specific: never "does not fit").
   */
  answers: Array<{ engineId: number; productId: number; status: 'fits' | 'check' | 'none' | 'universal' }>;
}

/**
 * `GET /ajax/vehicle-key.php?key=` (ours, issue 37): the engine a registration key names (a KBA
 * number "0603/AJX" or a KType number), with its brand, model and generation, as the configurator
 * chooses them. 400 `invalid_vehicle_key` for a malformed key, 404 `unknown_vehicle_key` for one
 * no engine has.
 */
export interface VehicleKeyAnswer {
  kind: 'kba' | 'ktype';
  key: string;
  vehicle: { brand: { id: number; name: string }; model: { id: number; name: string }; year: { id: number; name: string }; engine: { id: number; name: string } };
}

export const FITMENT_LIMITS = { engines: 10, products: 60 } as const;

/* ------------------------------------------------------------------ vehicle pages (ours, issue 25) */

/** A vehicle the page links to: its id, its name, its page's path (without language). */
export interface VehiclePageLink {
  id: number;
  name: string;
  link: string;
}

/** A part an engine page lists: the product and the fit's qualifiers on that engine. */
export interface VehiclePagePart {
  id: number;
  name: string;
  /** The product page's path (without language). */
  link: string;
  producer: string;
  position: 'front' | 'rear' | null;
  fromMonth: string | null;
  toMonth: string | null;
  note: string | null;
}

/** One category of an engine page: its most popular parts (VEHICLE_PAGE_PARTS_PER_CATEGORY at most), and how many fit in all. */
export interface VehiclePageCategory {
  id: number;
  name: string;
  total: number;
  parts: VehiclePagePart[];
}

/**
 * A vehicle page's data (src/domain/vehiclePages.ts): a brand (its models), a model (its
 * engines, by generation) or an engine (its parts by category, with their fit notes).
 */
export interface VehiclePageData {
  kind: 'brand' | 'model' | 'engine';
  id: number;
  /** The vehicle's full name: `Fiat`, `Fiat Punto`, `Fiat Punto II (1999-2003) 1.2 8V 60 CV (44 kW)`. */
  name: string;
  /** The page's own path (without language): another slug moves here. */
  link: string;
  brand: VehiclePageLink;
  model: VehiclePageLink | null;
  generation: { id: number; name: string; yearFrom: number; yearTo: number | null } | null;
  engine: { id: number; name: string; fuel: string; kw: number; cv: number } | null;
  /** A brand's models, a model's engines (each with its generation's name as `group`); none for an engine. */
  children: Array<VehiclePageLink & { group?: string }>;
  /** An engine's parts by category (category order); none for a brand or a model. */
  categories: VehiclePageCategory[];
}

/* ------------------------------------------------------------------ money */

export interface Money {
  value: number;
  currency?: string;
  /** Display text built with the price mask, e.g. "1.234,50 €". */
  formatted: string;
}

/* ------------------------------------------------------------------ /ajax/get.php */

export interface DeviceParams {
  mobile: boolean;
  tablet: boolean;
  pc: boolean;
  request_uri: string;
  additional_ajax: string;
}

/** Body field `request` (form-encoded) of POST /ajax/get.php, as JSON. */
export interface ShopDataRequest {
  Projector?: { format: 'json'; params: { product?: number } };
  Basket?: Record<string, never>;
  Wishlist?: Record<string, never>;
  Comparers?: Record<string, never>;
  Snippets?: { format: 'json'; params: DeviceParams };
  ToplayersAndWidgets?: { format: 'json'; params: DeviceParams };
}

export type SnippetRegion = 'head' | 'body_top' | 'body_bottom';

export interface ShopDataResponse {
  Projector?: { response: ProductPageData | null };
  Basket?: { response: { basket: BasketSummary; user?: BasketResponse['user'] } };
  Wishlist?: { response: { attributes: { count: number } } };
  Comparers?: { response: { product: ComparerItem[] } };
  Snippets?: { response: { items: Record<string, { region: SnippetRegion | string; content: string }> } };
  /** Keyed by id; the key `script` holds a JS source string instead of an item. */
  ToplayersAndWidgets?: { response: { items: Record<string, { content: string } | string> } };
}

export interface ComparerItem {
  iconsmall: string;
  name: string;
  attributes: { id: number; link: string; removelink: string };
}

/* ------------------------------------------------------------------ basket */

export interface BasketProduct {
  id: number;
  size: string;
  size_name: string;
  /** Variant hash: identifies the line together with id and size. */
  md5_additional: string;
  product_version_name: string;
  name: string;
  link: string;
  icon: string;
  count: number;
  worth_unit: number;
  prices: { worth_net_formatted: string; worth_gros_formatted: string };
  /** Ours: whether this product may be paid in instalments. */
  instalments?: boolean;
  /** The line's quantity rules (ours): step, decimals, minimum and maximum (null: no cap), units. */
  rules?: { step: number; precision: number; min: number; max: number | null; unit: string; unit_plural: string };
  /** Ours (issue 25): the vehicle chosen when the line was added (engine id, the shopper's label), or null. */
  vehicle?: { engineId: number; label: string } | null;
}

/**
 * Ours (issue 26): a basket line whose product or size a catalogue import took away. It is kept
 * (a later import that brings the size back puts it back in the basket), counted in no total,
 * and named as it was; removing it (`removeProductsFromBasket` with its id, size and variant)
 * dismisses it.
 */
export interface WithdrawnBasketLine {
  id: number;
  size: string;
  md5_additional: string;
  /** The product's and the size's names when it was withdrawn. */
  name: string;
  size_name: string;
  count: number;
  /** When the import took it away (ISO 8601). */
  withdrawn_at: string;
}

/** `Basket.response.basket` of /ajax/get.php (WIRE.md). */
export interface BasketSummary {
  /** Number of basket lines (the badge; the mini basket's list thresholds count these). */
  productsCounter: number;
  /** Total quantity over all lines (may be fractional for products sold by the metre). */
  productsNumber: number;
  products: BasketProduct[];
  worth: number;
  worth_formatted: string;
  worth_net: number;
  worth_net_formatted: string;
  shippingCost: number;
  shippingCost_formatted: string;
  shippingCost_net_formatted: string;
  /** Amount still missing for free shipping; 0 turns the free-shipping banner on. */
  toShippingFree: number;
  toShippingFree_formatted: string;
  /** Ours (issue 26): lines no longer sold, outside every count and total; absent when there are none. */
  withdrawn?: WithdrawnBasketLine[];
}

/** GET /ajax/basket.php (?getAjax=true). `user` fields are not shown by the spec. */
export interface BasketResponse {
  basket: BasketSummary;
  user: { id: string | null; logged: boolean };
}

/**
 * The `additional` (variant hash) of a basket line bought on subscription (ours): the same
 * product bought once and on subscription are two lines, each at its own price.
 */
export const SUBSCRIPTION_ADDITIONAL = '5ab5c0000000000000000000000000a1';

/** POST /basketchange.php?mode=1 form fields. */
export interface BasketChangeForm {
  mode?: '1' | '2';
  product: string;
  size: string;
  number: string;
  additional?: string;
  /** '1': the subscription price mode (the line's additional becomes SUBSCRIPTION_ADDITIONAL). */
  subscription?: '0' | '1';
  getAjax?: 'true';
}

/** Answer of POST /basketchange.php: callers check `status` and re-read the basket. */
export interface BasketChangeResponse {
  status: 'ok';
  basket: BasketSummary;
}

/* ------------------------------------------------------------------ /ajax/projector.php */

export type AvailabilityStatus = 'enable' | 'order' | 'disable' | string;

export interface ShippingTime {
  days: number;
  hours: number;
  minutes: number;
  week_day: number;
  week_amount: number;
  today: 'true' | 'false';
  time: string;
  today_shipment_deadline: string;
  unknown_time?: 'true' | 'false';
}

export interface SizeAvailability {
  visible: 'y' | 'n';
  status: AvailabilityStatus;
  status_description: string;
  status_description_tel: string;
  status_gfx: string;
  status_gfx_tel: string;
  delivery_days_undefined: 'true' | 'false';
  delivery_date: string;
  shipping_time: ShippingTime;
  delay_time: { unknown_delivery_time: 'true' | 'false' };
}

export interface SizeDelivery {
  /** 0 means free shipping. */
  shipping: number;
  shipping_formatted: string;
  /** "true" hides the delivery info. */
  undefined: 'true' | 'false';
}

export interface RebateTier {
  threshold: number;
  threshold_end: number;
  /** Percent or amount off, as the shop configures it. */
  value: number;
}

export interface SizePrices {
  value: number;
  price_formatted: string;
  price_net: number;
  price_net_formatted: string;
  maxprice: number;
  maxprice_formatted: string;
  maxprice_net: number;
  maxprice_net_formatted: string;
  omnibus_price: number;
  omnibus_price_formatted: string;
  omnibus_price_net: number;
  omnibus_price_net_formatted: string;
  srp: number;
  srp_formatted: string;
  srp_net: number;
  srp_net_formatted: string;
  points: number;
  points_recive: number;
  rebate: number;
  yousave: number;
  yousave_formatted: string;
  yousave_net: number;
  yousave_percent: number;
  advanceprice: number;
  advanceprice_formatted: string;
  basket_enable: 'y' | 'n';
  rebateNumber?: {
    items: { left: number; price: number; price_net: number; threshold: number }[];
    nextleft: number;
    nextprice: number;
    nextprice_net: number;
    nextthreshold: number;
  };
  rebates?: RebateTier[];
}

export interface BundlePrice {
  price_net: number;
  price_net_formatted: string;
  price_gross: number;
  price_gross_formatted: string;
  percent_diff: number;
  amount_diff_net: number;
  amount_diff_gross: number;
}

export interface SizeItem {
  type: string;
  name: string;
  /** -1 unlimited, 0 none. */
  amount: number;
  description: string;
  prices: SizePrices;
}

export interface ProjectorSizes {
  id: number;
  name: string;
  firm: { name: string };
  taxes: { vat: number };
  unit: string;
  amount: number;
  /** Keyed by size id (`uniw` for one-size products). */
  items: Record<string, SizeItem>;
}

/** GET /ajax/projector.php?action=get&product=&size=&get=sizes,sizeavailability,... */
export interface ProjectorResponse {
  sizes?: ProjectorSizes;
  sizeavailability?: SizeAvailability;
  sizedelivery?: SizeDelivery;
  sizeprices?: SizePrices;
  bundleprice?: BundlePrice;
  /** get=traits */
  traits?: ProductTrait[];
  /** get=product (ours): the spec's page-level product object. */
  product?: ProductPageData;
}

export interface ProductTrait {
  groupid: number;
  description: string;
}

export type ProductType = 'product_item' | 'product_bundle' | 'product_virtual' | 'product_service';

export interface OrderQuantityRange {
  max_quantity_per_order: number | null;
  max_size_quantity_per_order: number | null;
  min_quantity_per_order: number | null;
  min_size_quantity_per_order: number | null;
  minimum_quantity_subscription: number | null;
}

export interface ProductSizeData {
  type: string;
  name: string;
  amount: number;
  availability: SizeAvailability;
  delivery: SizeDelivery;
  price: SizePrices;
  phone_price: boolean;
  gratis: boolean;
  bundle_price?: BundlePrice;
  price_subscription?: SizePrices;
  price_normal?: SizePrices;
}

/** The page-level product object of the product page (spec: "Product data"). */
/**
 * One code of a product's group of equivalent codes (issue 37): it replaces one of the product's
 * codes, one of the product's codes is replaced by it, or it is an equivalent.
 */
export interface CodeGroupEntry {
  code: string;
  relation: 'equivalent' | 'replaces' | 'replacedBy';
}

export interface ProductPageData {
  /** The other codes of the groups its codes belong to (issue 37); absent or empty: none. */
  codeGroup?: CodeGroupEntry[];
  product_id: number;
  product_type: ProductType;
  name: string;
  link: string;
  icon: string;
  /** Sanitised on the client before it reaches the page. */
  longDescription: string;
  shortDescription: string;
  producer: { id: number; name: string };
  category: { id: number; name: string };
  versionName: string;
  currency: string;
  unit: string;
  unit_plural: string;
  unit_sellby: number;
  unit_precision: number;
  for_points: boolean;
  price_type: 'gross' | 'net';
  /**
   * The order-by lead time (storefront spec section 3: "an order-by lead time"; section 9: 3 hours
   * by default): within this many hours of the day's shipment deadline the page counts down
   * ("order within 2 h 10 min"). A shop setting (`order_by_lead_hours`).
   */
  order_by_lead_hours: number;
  order_quantity_range: OrderQuantityRange;
  /** Keyed by size id. */
  sizes: Record<string, ProductSizeData>;
  awardedParameters: AwardedParameter[];
  subscription: boolean;
  /**
   * Ours (issue 37): the vehicles the part fits, for search engines (the page's JSON-LD
   * `isAccessoryOrSparePartFor`): the first PRODUCT_VEHICLES_LISTED engines in the catalogue's
   * vehicle order, each with its vehicle page, and how many there are. Absent for a universal
   * product or one without fits.
   */
  fitsVehicles?: { total: number; first: Array<{ name: string; brand: string; model: string; link: string }> };
}

/** How many of a product's vehicles its page names to search engines (issue 37). */
export const PRODUCT_VEHICLES_LISTED = 10;

/* ------------------------------------------------------------------ search */

/** POST /ajax/search.php?ajax=true&getOne=... -> rows [id, label] or [id, name, count]. */
export interface SearchValuesResponse {
  values: Array<[number | string, string] | [number | string, string, number]>;
}

export interface ListingProduct {
  id: number;
  name: string;
  link: string;
  icon: string;
  versionName: string;
  producer: string;
  category: { id: number; name: string };
  axis: { id: number; name: string } | null;
  price: Money;
  price_net: Money;
  status: AvailabilityStatus;
  status_description: string;
  /** True when the product fits the engine in the query (traits_alt[49]). */
  fits: boolean;
  /** The size a list adds 1 of (ours); null when the shopper must choose on the product page. */
  listSize: string | null;
}

/**
 * GET /search.php?json=true&... (ours): the listing page's data. Filters: traits_alt[24|47497|49|
 * 172622|148722], menu_alt[2_1|2_2|2_3], producer, text, sort (popular | price_asc | price_desc |
 * name), page (from 1), limit (<= 96), vehicle (an engine id: marks products that fit it).
 * traits_alt[49] is the finder's engine field: an engine id or a built "Brand|Model|..." result;
 * traits_alt[172622] is a replacement-code id or the vehicle (an engine id or a built result).
 * The finder asks its rows with an empty trait (the trait asked for): traits_alt[148722]= with the
 * engine gives the axes, traits_alt[24]= with engine and axis the categories, as `FinderRowsResponse`.
 */
export interface ListingResponse {
  products: ListingProduct[];
  total: number;
  page: number;
  pageSize: number;
  /** Category facet rows [id, name, count]. */
  categories: Array<[number, string, number]>;
  producers: Array<[number, string, number]>;
  /** Axle facet rows [axis value id, name, count] (issue 25; counted without the axle filter). */
  axes?: Array<[number, string, number]>;
  /**
   * The trait facets (listingTraitFacets in src/domain/brakeMeasures.ts, in that order: a disc or
   * pad listing's measures, else LISTING_TRAIT_FACETS): each trait's values
   * [value id, name, count] among the listing's products, counted without that trait's own filter.
   */
  traitFacets?: Array<{ trait: number; values: Array<[number, string, number]> }>;
  query: Record<string, string>;
}

/**
 * GET /search.php?json=true&... answered for a listing (not the finder's rows): the listing's
 * data and the scripts its regions carry, marked ajax-loaded (storefront spec, section 2): the
 * list's `view_item_list` analytics event, pushed onto `window.dataLayer`. A partial load runs
 * them, in order, once it has replaced the regions. The page the server draws carries the same
 * scripts as `<script data-ajax-load>` elements, so the embedded state holds none.
 */
export interface ListingAnswer extends ListingResponse {
  scripts: string[];
}

/** GET /search.php?json=true&traits_alt[148722]=&traits_alt[49]=... (axes) or &traits_alt[24]=&traits_alt[49]=...&traits_alt[148722]=... (categories): rows [id, name, count]. */
export interface FinderRowsResponse {
  values: Array<[number, string, number]>;
}

/* ------------------------------------------------------------------ graphql */

/**
 * products(searchInput: ProductsSearchInput): the brake product queries, read as
 * data.products.products, at most 50. The finder's helper types map onto it:
 * traits -> parameters [{ id: 172622, values: [vehicleId] }]; select -> parameters
 * [{ id: 148722, values: [axis] }, { id: 24, values: [category] }, { id: 49, values: [engine] }];
 * product -> productsId.
 */
export interface ProductsSearchInput {
  productsId?: number[];
  parameters?: Array<{ id: number; values: number[] }>;
  /** Ours: the finder's built engine field ("Brand|Model|Generation|Engine", 2 to 4 names) instead of an engine id (49). */
  vehicle?: string;
  limit?: number;
}

export interface GraphQLResponse<T> {
  data?: T;
  errors?: { message: string }[];
}

export interface TextSearchProduct {
  name: string;
  link: string;
  iconSmall: string;
  price: { price: { gross: Money; net: Money } };
}

export interface NamedLink {
  name: string;
  link: string;
}

export interface MenuNodeHit extends NamedLink {
  breadcrumbs: string[];
}

export interface ReplacementCodeHit {
  name: string;
  link: string;
  param_id: number;
  value_id: number;
}

/**
 * GET /pages/{slug}?json=true (ours): an information page (shipping, returns, instalments,
 * warranty, terms) in the language its slug belongs to; `body` is HTML the page sanitises.
 */
export interface CmsPageResponse {
  slug: string;
  lang: string;
  title: string;
  body: string;
  /** The page's address, /pages/{slug}. */
  link: string;
  /** The same page in the other languages. */
  alternates: Array<{ lang: string; title: string; link: string }>;
}

export interface TextSearchResult {
  products: TextSearchProduct[];
  producers: NamedLink[];
  series: NamedLink[];
  menuNodes: MenuNodeHit[];
  cms: NamedLink[];
  searchQueries: NamedLink[];
  replacementCodes: ReplacementCodeHit[];
}

export interface AwardedParameter {
  name: string;
  id: number;
  values: { id: number; name: string }[];
}

export interface BrakeProduct {
  id: number;
  name: string;
  link: string;
  icon: string;
  longDescription: string;
  /** Gross and net (ours: the spec names gross; the net price is for a shop whose price type is net). */
  price: { price: { gross: Money; net?: Money } };
  producer: { name: string };
  /** Absent means the literal `uniw`. */
  sizes?: { id: string; name: string }[];
  /** "CATNO#..." : the text before '#' is the catalogue number. */
  versionName: string;
  awardedParameters: AwardedParameter[];
}

export interface ShippingOption {
  courier: { name: string; icon: string };
  prepaid: 'prepaid' | 'dvp';
  cost: Money;
  deliveryTime: { time: { days: number }; workingDays: boolean };
}

export interface LowestPriceProduct {
  id: number;
  sizes: { id: string; price: Partial<Record<'gross' | 'net', Money>> }[];
}

/* ------------------------------------------------------------------ hotspots */

/** GET /ajax/hotspots.php?action=get-hotspots-html: zone id -> html ('' removes the zone). */
export type HotspotsResponse = Record<string, string>;

/* ------------------------------------------------------------------ static data */

/** Engine data files: nested brand > model > year > engine, n = name, c = children. */
export interface EngineNode {
  n: string;
  /** Engine id on leaves (ours: lets the finder use a direct engine id). */
  id?: number;
  c?: EngineNode[];
}

export interface SubstituteEntry {
  id: number;
  value: string[];
}

export interface ZipRangeCountry {
  countryId: string;
  items: { from: string; to: string; zipcode: string; lang: string[] }[];
}

/** GET /ajax/instalments.php?price=... (ours). */
export interface InstalmentParams {
  minPrice: number;
  maxPrice: number;
  totalPrice: number;
  link: string;
  instalmentName: string;
  priceType: 'net' | 'gross';
  /** Ours: whether every product in the visitor's basket allows instalments. */
  allProductsAllow?: boolean;
}

/** GET|POST /ajax/validate.php?field=email|phone|bank_account|zipcode&value=... (ours). */
export interface FieldValidationResponse {
  errno: number;
  message?: string;
}

/**
 * POST /contact.php (ours), form-encoded, or multipart/form-data with files: name, contact (phone
 * or e-mail), subject (product|order|return|other), iban (optional), message, terms=1, and the
 * files attachment and opinion_photo (optional). A refusal is an ApiError whose code names the
 * field: missing_<field>, invalid_<field>, terms_not_accepted, or the file's fault:
 * attachment_type_not_allowed, attachment_too_big, attachment_jpg_only, attachment_photo_too_large.
 */
export interface ContactMessageResponse {
  status: 'ok';
  id: number;
  /** The files received and kept with the message (multipart: attachment, opinion_photo); size in bytes. */
  attachments?: ContactAttachmentReceipt[];
}

export interface ContactAttachmentReceipt {
  field: string;
  name: string;
  size: number;
}

// ---------------------------------------------------------------- product XML (/projector.php?xml)

/** An attribute as the product XML lists it. */
export interface ProductXmlAttribute {
  id: string;
  name: string;
  values: string[];
}

/** A size as the product XML lists it. */
export interface ProductXmlSize {
  id: string;
  name: string;
  amount: number;
  status: string;
}

/** What the product XML is read for (storefront spec, section 7, call 7): attributes, size versions and sizes. */
export interface ProductXml {
  attributes: ProductXmlAttribute[];
  /** The size versions' name (the catalogue number the product's versions share). */
  versionName: string | null;
  sizes: ProductXmlSize[];
}
