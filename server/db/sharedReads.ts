import { sql, type CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
import { queryWriter, runStepsAsync, type SqlDialect, type Steps } from './steps';

export { queryWriter, runStepsAsync, runStepsSync, step, type SqlDialect, type Steps } from './steps';
import { TRAIT, type EngineNode, type SubstituteEntry } from '../../src/api/wire';
import { brandInitials, engineTree } from './shopViews';
import { storedContactMessage, type ContactAttachmentRow, type ContactMessageRow } from './contactMessages';
import type { SitemapProduct, StoredContactMessage } from './repository';
import { checkoutState, latestOrders, orderByToken, placeOrderSteps, type CheckoutReads, type PlaceOrderInput, type PlaceOrderResult, type StoredOrder } from '../orders/orderStore';
import { changeOrderStatusSteps, orderByNumberSteps, orderExportSteps, orderListSteps, ownerDashboardSteps, type OrderListFilter, type OrderListPage, type OrderStatusChangeInput, type OrderStatusChangeResult, type OrderWithHistory, type OwnerDashboard } from '../orders/orderAdmin';
import { contactAttachmentSteps, inboxSteps, type InboxPage } from '../messages/inbox';
import { CatalogueTexts, type CatalogueTextRow } from './catalogueTexts';
import { SearchVocabulary } from './searchVocabulary';
import { fitAnswers } from './fitAnswers';
import type { FitAnswer } from '../../src/domain/fitment';
import type { VehicleKey } from '../../src/domain/vehicleKey';
import type { VehicleChoice } from '../../src/domain/vehicle';
import { DEFAULT_SHOP_SETTINGS, everythingChanged, readShopSettings, saveShopSettings, type ShopSettings } from '../settings/shopSettings';
import { codeKey } from './searchTerms';
import type { CodeGroupEntry } from '../../src/api/wire';

/**
 * The tables (and columns) the shared reads touch, as both schemas define them
 * (server/db/schema.ts, server/db/postgres/schema.ts): Kysely checks every statement below
 * against them when the project is type-checked.
 */
export interface ShopTables {
  brands: { id: number; name: string };
  models: { id: number; brand_id: number; name: string };
  generations: { id: number; model_id: number; name: string; year_from: number };
  engines: { id: number; generation_id: number; name: string; cv: number };
  products: { id: number; slug: string; category_id: number; universal: number; catalog_no: string; name: string };
  categories: { id: number; name: string };
  /** A vehicle's registration keys (migration 25, issue 37). */
  engine_keys: { kind: string; key: string; engine_id: number };
  code_groups: { code_key: string; group_id: number; code: string; replaced_by: string | null };
  price_history: { product_id: number; size_id: string; day: string };
  param_values: { id: number; param_id: number; name: string };
  product_params: { product_id: number; value_id: number };
  visitors: { id: string; pending_tracking: number; wishlist_count: number };
  availability_notices: { product_id: number; size_id: string; email: string; visitor_id: string; created_at: string; token_hash: string | null; confirmed_at: string | null };
  contact_messages: ContactMessageRow;
  contact_attachments: ContactAttachmentRow & { message_id: number };
  catalogue_texts: CatalogueTextRow;
}

const writers: Record<SqlDialect, Kysely<ShopTables>> = { sqlite: queryWriter('sqlite'), postgres: queryWriter('postgres') };

/**
 * The reads both repositories answer alike, written once for both dialects with Kysely (issue 22:
 * one typed query builder where the two repositories repeated each other). The hot paths (listings,
 * product pages, baskets, search) and every write stay hand-written per backend: their statements
 * differ (one-statement pages and basket changes on PostgreSQL, synchronous immediate transactions
 * on SQLite), and the contract suite runs both against the same expectations.
 *
 * A subclass runs a compiled statement on its own connection (`rows`).
 */
export abstract class SharedReads {
  protected readonly sql: Kysely<ShopTables>;
  /** The shop's settings as last read (server/settings/shopSettings.ts): read at start and after every whole-catalogue change. */
  protected settingsNow: ShopSettings = DEFAULT_SHOP_SETTINGS;

  protected constructor(protected readonly dialect: SqlDialect) {
    this.sql = writers[dialect];
  }

  /** The dialect of the statements this repository runs (ShopRepository.sqlDialect). */
  get sqlDialect(): SqlDialect {
    return this.dialect;
  }

  /** The rows of a statement Kysely wrote for this repository's dialect. */
  protected abstract rows<R>(query: CompiledQuery<R>): Promise<R[]>;

  /**
   * Runs a transaction's steps (see `Steps`) in one write transaction on this repository's
   * connection; `steps` makes them afresh for each attempt (a transaction retried after a
   * conflict or a busy lock starts over).
   */
  abstract transactionSteps<T>(steps: () => Steps<T>): Promise<T>;

  /** Runs read-only steps outside any write transaction (statement by statement). */
  async readSteps<T>(steps: Steps<T>): Promise<T> {
    return runStepsAsync(steps, (query) => this.rows(query));
  }

  private async first<R>(query: CompiledQuery<R>): Promise<R | undefined> {
    return (await this.rows(query))[0];
  }

  /**
   * A text column ordered by its bytes: SQLite's default (BINARY) collation; PostgreSQL's "C" (its
   * database default may be a locale's, which orders "Škoda" and lower case elsewhere).
   */
  private byBytes(column: string): RawBuilder<string> {
    return this.dialect === 'postgres' ? sql<string>`${sql.ref(column)} collate "C"` : sql<string>`${sql.ref(column)}`;
  }

  /* ---------------------------------------------------------------- vehicles */

  private async pairs(query: CompiledQuery<{ id: number; name: string }>): Promise<Array<[number, string]>> {
    return (await this.rows(query)).map((r) => [r.id, r.name]);
  }

  async brands(): Promise<Array<[number, string]>> {
    return this.pairs(this.sql.selectFrom('brands').select(['id', 'name']).orderBy(this.byBytes('name')).orderBy('id').compile());
  }

  async models(brandId: number): Promise<Array<[number, string]>> {
    return this.pairs(this.sql.selectFrom('models').select(['id', 'name']).where('brand_id', '=', brandId).orderBy(this.byBytes('name')).orderBy('id').compile());
  }

  async generations(modelId: number): Promise<Array<[number, string]>> {
    return this.pairs(this.sql.selectFrom('generations').select(['id', 'name']).where('model_id', '=', modelId).orderBy('year_from').orderBy('id').compile());
  }

  async engines(generationId: number): Promise<Array<[number, string]>> {
    return this.pairs(this.sql.selectFrom('engines').select(['id', 'name']).where('generation_id', '=', generationId).orderBy('cv').orderBy('id').compile());
  }

  /** Nested brand > model > generation > engine in the { n, c } shape, optionally for one initial. */
  async engineTree(letter?: string): Promise<EngineNode[]> {
    const rows = await this.rows(
      this.sql
        .selectFrom('engines as e')
        .innerJoin('generations as g', 'g.id', 'e.generation_id')
        .innerJoin('models as m', 'm.id', 'g.model_id')
        .innerJoin('brands as b', 'b.id', 'm.brand_id')
        .select(['b.name as brand', 'm.name as model', 'g.name as generation', 'e.id as engine_id', 'e.name as engine'])
        .orderBy(this.byBytes('b.name'))
        .orderBy(this.byBytes('m.name'))
        .orderBy('g.year_from')
        .orderBy('e.cv')
        .orderBy('e.id')
        .compile(),
    );
    return engineTree(rows, letter);
  }

  /**
   * The engine a registration key names (issue 37: a KBA "HSN/TSN" or a KType number, as
   * `parseVehicleKey` writes it), with its brand, model and generation; null when no engine has it.
   * One statement by the keys' primary key (kind, key).
   */
  async engineByKey(key: VehicleKey): Promise<VehicleChoice | null> {
    const row = await this.first(
      this.sql
        .selectFrom('engine_keys as k')
        .innerJoin('engines as e', 'e.id', 'k.engine_id')
        .innerJoin('generations as g', 'g.id', 'e.generation_id')
        .innerJoin('models as m', 'm.id', 'g.model_id')
        .innerJoin('brands as b', 'b.id', 'm.brand_id')
        .select(['b.id as brand_id', 'b.name as brand', 'm.id as model_id', 'm.name as model', 'g.id as generation_id', 'g.name as generation', 'e.id as engine_id', 'e.name as engine'])
        .where('k.kind', '=', key.kind)
        .where('k.key', '=', key.key)
        .compile(),
    );
    if (!row) return null;
    return {
      brand: { id: Number(row.brand_id), name: row.brand },
      model: { id: Number(row.model_id), name: row.model },
      year: { id: Number(row.generation_id), name: row.generation },
      engine: { id: Number(row.engine_id), name: row.engine },
    };
  }

  async brandInitials(): Promise<EngineNode[]> {
    return brandInitials(await this.brands());
  }

  /* ---------------------------------------------------------------- products */

  async productExists(id: number): Promise<boolean> {
    return (await this.first(this.sql.selectFrom('products').select('id').where('id', '=', id).compile())) !== undefined;
  }

  /** The product's category id, or null when there is no such product. */
  async productCategory(id: number): Promise<number | null> {
    return (await this.first(this.sql.selectFrom('products').select('category_id').where('id', '=', id).compile()))?.category_id ?? null;
  }

  async productCount(): Promise<number> {
    return Number((await this.first(this.sql.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).compile()))?.n ?? 0);
  }

  /** One page (from 1) of the sitemap's products in id order; the last change known of a product is its latest price-history day. */
  async productSitemapPage(page: number, size: number): Promise<SitemapProduct[]> {
    if (!(page >= 1) || !(size >= 1)) return [];
    const rows = await this.rows(
      this.sql
        .selectFrom('products as p')
        .select((eb) => [
          'p.id',
          'p.slug',
          eb
            .selectFrom('price_history as h')
            .select(sql<string | null>`max(${this.byBytes('h.day')})`.as('day'))
            .whereRef('h.product_id', '=', 'p.id')
            .as('updated_at'),
        ])
        .orderBy('p.id')
        .limit(size)
        .offset((page - 1) * size)
        .compile(),
    );
    return rows.map((r) => ({ id: r.id, slug: r.slug, updatedAt: r.updated_at ?? null }));
  }

  /**
   * A product's group of equivalent codes (issue 37): every other code of the groups its own
   * codes (catalogue number, OE / replacement codes) belong to, each with what the data says of
   * it: it replaces one of the product's codes, one of the product's codes is replaced by it, or
   * it is an equivalent. Empty when none of its codes is in a group.
   */
  async codeGroup(productId: number): Promise<CodeGroupEntry[]> {
    const own = await this.rows(
      this.sql
        .selectFrom('product_params as pp')
        .innerJoin('param_values as v', 'v.id', 'pp.value_id')
        .select('v.name as code')
        .where('pp.product_id', '=', productId)
        .where('v.param_id', '=', TRAIT.replacementCode)
        .union(this.sql.selectFrom('products').select('catalog_no as code').where('id', '=', productId))
        .compile(),
    );
    const ownKeys = [...new Set(own.map((row) => codeKey(row.code)).filter(Boolean))];
    if (!ownKeys.length) return [];
    const members = await this.rows(
      this.sql
        .selectFrom('code_groups as g')
        .innerJoin('code_groups as m', 'm.group_id', 'g.group_id')
        .select(['m.code_key', 'm.code', 'm.replaced_by', 'm.group_id'])
        .where('g.code_key', 'in', ownKeys)
        .orderBy('m.group_id')
        .orderBy(this.byBytes('m.code_key'))
        .compile(),
    );
    const mine = new Set(ownKeys);
    const replacedBy = new Set(members.filter((m) => mine.has(m.code_key) && m.replaced_by !== null).map((m) => m.replaced_by));
    const seen = new Set<string>();
    const entries: CodeGroupEntry[] = [];
    for (const member of members) {
      if (mine.has(member.code_key) || seen.has(member.code_key)) continue;
      seen.add(member.code_key);
      const relation = member.replaced_by !== null && mine.has(member.replaced_by) ? 'replaces' : replacedBy.has(member.code_key) ? 'replacedBy' : 'equivalent';
      entries.push({ code: member.code, relation });
    }
    return entries;
  }

  /**
   * Products with their replacement codes (the spec's substitutes list), at most 20,000 codes:
   * each product's own OE codes, then the other codes of their groups (issue 37: built from the
   * code groups, so a part is listed with every code it is equivalent to).
   */
  async substitutes(): Promise<SubstituteEntry[]> {
    const rows = await this.rows(
      this.sql
        .selectFrom('product_params as pp')
        .innerJoin('param_values as v', 'v.id', 'pp.value_id')
        .select(['pp.product_id as id', 'v.name'])
        .where('v.param_id', '=', TRAIT.replacementCode)
        .orderBy('pp.product_id')
        .orderBy(this.byBytes('v.name'))
        .limit(20_000)
        .compile(),
    );
    const byProduct = new Map<number, string[]>();
    for (const row of rows) byProduct.set(row.id, [...(byProduct.get(row.id) ?? []), row.name]);
    // The groups of those codes, read a thousand keys at a time.
    const keys = [...new Set(rows.map((row) => codeKey(row.name)))];
    const groupOf = new Map<string, number>();
    const groupCodes = new Map<number, string[]>();
    for (let start = 0; start < keys.length; start += 1000) {
      const members = await this.rows(
        this.sql
          .selectFrom('code_groups as g')
          .innerJoin('code_groups as m', 'm.group_id', 'g.group_id')
          .select(['g.code_key as key', 'm.group_id', 'm.code'])
          .where('g.code_key', 'in', keys.slice(start, start + 1000))
          .orderBy('m.group_id')
          .orderBy(this.byBytes('m.code_key'))
          .compile(),
      );
      for (const member of members) {
        groupOf.set(member.key, Number(member.group_id));
        const codes = groupCodes.get(Number(member.group_id)) ?? [];
        if (!codes.includes(member.code)) codes.push(member.code);
        groupCodes.set(Number(member.group_id), codes);
      }
    }
    return [...byProduct].map(([id, value]) => {
      const all = [...value];
      const known = new Set(value.map(codeKey));
      for (const code of value) {
        const group = groupOf.get(codeKey(code));
        for (const other of group === undefined ? [] : groupCodes.get(group)!) {
          if (!known.has(codeKey(other))) {
            known.add(codeKey(other));
            all.push(other);
          }
        }
      }
      return { id, value: all };
    });
  }

  /**
   * What each of these products says for each of these engines (issue 37: fits, check, none,
   * universal), every pair of an existing product in engine then product order: server/db/fitAnswers.ts.
   */
  async fitAnswers(engineIds: number[], productIds: number[]): Promise<FitAnswer[]> {
    return this.readSteps(fitAnswers(this.dialect, engineIds, productIds));
  }

  /** How many confirmed notices wait for a product (all sizes). */
  async availabilityNotices(productId: number): Promise<number> {
    const row = await this.first(this.sql.selectFrom('availability_notices').select((eb) => eb.fn.countAll<number>().as('n')).where('product_id', '=', productId).where('confirmed_at', 'is not', null).compile());
    return Number(row?.n ?? 0);
  }

  /** The catalogue's texts in the other languages (server/db/catalogueTexts.ts), all at once: kept by the answer caches. */
  async catalogueTexts(): Promise<CatalogueTexts> {
    return new CatalogueTexts(await this.rows(this.sql.selectFrom('catalogue_texts').select(['kind', 'id', 'language', 'text']).compile()));
  }

  /**
   * The words of the catalogue's product and category names in every language (issue 37,
   * point 6: server/db/searchVocabulary.ts), read once and kept until the catalogue changes
   * (`dropSearchVocabulary`, called by the repository's clearCaches).
   */
  searchVocabulary(): Promise<SearchVocabulary> {
    if (!this.vocabularyNow) {
      const reading = this.readSearchVocabulary();
      this.vocabularyNow = reading;
      reading.catch(() => {
        if (this.vocabularyNow === reading) this.vocabularyNow = undefined;
      });
    }
    return this.vocabularyNow;
  }

  protected dropSearchVocabulary(): void {
    this.vocabularyNow = undefined;
  }

  private vocabularyNow?: Promise<SearchVocabulary>;

  private async readSearchVocabulary(): Promise<SearchVocabulary> {
    const [products, categories, texts] = await Promise.all([
      this.rows<{ id: number; name: string }>(this.sql.selectFrom('products').select(['id', 'name']).compile()),
      this.rows<{ id: number; name: string }>(this.sql.selectFrom('categories').select(['id', 'name']).compile()),
      this.rows<{ kind: string; id: string; language: string; text: string }>(
        this.sql.selectFrom('catalogue_texts').select(['kind', 'id', 'language', 'text']).where('kind', 'in', ['product', 'category']).compile(),
      ),
    ]);
    return new SearchVocabulary({
      names: [
        ...products.map((r) => ({ kind: 'product' as const, id: String(r.id), name: r.name })),
        ...categories.map((r) => ({ kind: 'category' as const, id: String(r.id), name: r.name })),
      ],
      texts,
    });
  }

  /* ---------------------------------------------------------------- the shop's settings (issue 36, point 7) */

  /** The shop's settings (defaults where nothing is stored), as this process last read them. */
  async shopSettings(): Promise<ShopSettings> {
    return this.settingsNow;
  }

  /** Reads the settings again (at start, and when another process changed them). */
  async reloadSettings(): Promise<ShopSettings> {
    this.settingsNow = await this.readSteps(readShopSettings(this.dialect));
    return this.settingsNow;
  }

  /**
   * Stores the settings in one transaction with a whole-catalogue change (every server reads them
   * again and drops the pages it drew); this process uses them at once.
   */
  async saveShopSettings(settings: ShopSettings): Promise<void> {
    const dialect = this.dialect;
    await this.transactionSteps(function* () {
      yield* saveShopSettings(dialect, settings);
      yield* everythingChanged(dialect);
    });
    this.settingsNow = settings;
  }

  /* ---------------------------------------------------------------- visitors and messages */

  async wishlistCount(visitorId: string): Promise<number> {
    return (await this.first(this.sql.selectFrom('visitors').select('wishlist_count').where('id', '=', visitorId).compile()))?.wishlist_count ?? 0;
  }

  async pendingTrackingEvents(visitorId: string): Promise<number> {
    return (await this.first(this.sql.selectFrom('visitors').select('pending_tracking').where('id', '=', visitorId).compile()))?.pending_tracking ?? 0;
  }

  async contactMessage(id: number): Promise<StoredContactMessage | null> {
    const row = await this.first(
      this.sql.selectFrom('contact_messages').select(['id', 'visitor_id', 'name', 'contact', 'subject', 'iban', 'message', 'created_at']).where('id', '=', id).compile(),
    );
    if (!row) return null;
    const files = await this.rows(
      this.sql.selectFrom('contact_attachments').select(['id', 'field', 'file_name', 'mime_type', 'size', 'content']).where('message_id', '=', id).orderBy('id').compile(),
    );
    return storedContactMessage(row, files);
  }

  /* ---------------------------------------------------------------- orders (issue 32: server/orders/orderStore.ts) */

  /** The visitor's basket priced now, with the couriers and settings the checkout needs (nothing locked or written). */
  async checkoutReads(input: { visitorId: string; vehicle: number | null; region: string; priceType: 'net' | 'gross' }): Promise<CheckoutReads> {
    return this.readSteps(checkoutState(this.dialect, input));
  }

  /** Places the visitor's basket as an order in one transaction (or answers the order of this checkout key). */
  async placeOrder(input: PlaceOrderInput): Promise<PlaceOrderResult> {
    return this.transactionSteps(() => placeOrderSteps(this.dialect, input));
  }

  async orderByToken(token: string): Promise<StoredOrder | null> {
    return this.readSteps(orderByToken(this.dialect, token));
  }

  async latestOrders(limit: number): Promise<StoredOrder[]> {
    return this.readSteps(latestOrders(this.dialect, limit));
  }

  /* ---------------------------------------------------------------- the back office (issue 36: server/orders/orderAdmin.ts, server/messages/inbox.ts) */

  async orderList(filter: OrderListFilter, page: number, pageSize: number): Promise<OrderListPage> {
    return this.readSteps(orderListSteps(this.dialect, filter, page, pageSize));
  }

  async orderExport(filter: OrderListFilter, limit: number): Promise<StoredOrder[]> {
    return this.readSteps(orderExportSteps(this.dialect, filter, limit));
  }

  async orderByNumber(number: string): Promise<OrderWithHistory | null> {
    return this.readSteps(orderByNumberSteps(this.dialect, number));
  }

  /** One transaction: the status, the history, and a cancellation's stock back (server/orders/orderAdmin.ts). */
  async changeOrderStatus(input: OrderStatusChangeInput): Promise<OrderStatusChangeResult> {
    return this.transactionSteps(() => changeOrderStatusSteps(this.dialect, input));
  }

  async ownerDashboard(input: { now: Date; lowStockMark?: number }): Promise<OwnerDashboard> {
    return this.readSteps(ownerDashboardSteps(this.dialect, input));
  }

  async inbox(page: number, pageSize: number): Promise<InboxPage> {
    return this.readSteps(inboxSteps(this.dialect, page, pageSize, 100));
  }

  async contactAttachment(messageId: number, fileId: number): Promise<{ fileName: string; mimeType: string; content: Buffer } | null> {
    return this.readSteps(contactAttachmentSteps(this.dialect, messageId, fileId));
  }
}
