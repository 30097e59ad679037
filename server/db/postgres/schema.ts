import type { Pool, PoolClient } from 'pg';
import { POSTGRES_ORDER_HISTORY, POSTGRES_ORDER_TABLES } from '../../orders/tables';
import { AXIS } from '../../../src/api/wire';
import { CMS_PAGES } from '../cmsPages';

const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * The PostgreSQL schema: the same tables and columns as the SQLite one (server/db/schema.ts),
 * numbered migrations that each run once inside a transaction. Append new ones; never edit one
 * that has shipped. Search uses PostgreSQL's own tools: a tsvector per product folded with
 * `unaccent`, and a "C"-collated expression index for replacement-code prefixes.
 */
export const PG_MIGRATIONS: Array<{ id: number; name: string; sql: string }> = [
  {
    id: 1,
    name: 'catalogue, vehicles, baskets',
    sql: `
      CREATE EXTENSION IF NOT EXISTS unaccent;
      -- unaccent() is only STABLE (it reads its dictionary): this wrapper names the dictionary so
      -- that it can be IMMUTABLE and feed a stored column. Folding: lower case, accents off,
      -- everything but letters and digits a word break (as SQLite's unicode61 tokenizer does).
      CREATE FUNCTION shop_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        AS $$ SELECT regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, $1)), '[^[:alnum:]]+', ' ', 'g') $$;
      CREATE FUNCTION shop_code_key(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        AS $$ SELECT replace(replace(replace($1, ' ', ''), '-', ''), '.', '') $$;

      CREATE TABLE brands (id BIGINT PRIMARY KEY, name TEXT NOT NULL);
      CREATE TABLE models (id BIGINT PRIMARY KEY, brand_id BIGINT NOT NULL REFERENCES brands(id), name TEXT NOT NULL);
      CREATE INDEX models_brand ON models(brand_id);
      CREATE TABLE generations (id BIGINT PRIMARY KEY, model_id BIGINT NOT NULL REFERENCES models(id),
        name TEXT NOT NULL, year_from BIGINT NOT NULL, year_to BIGINT);
      CREATE INDEX generations_model ON generations(model_id);
      CREATE TABLE engines (id BIGINT PRIMARY KEY, generation_id BIGINT NOT NULL REFERENCES generations(id),
        name TEXT NOT NULL, fuel TEXT NOT NULL, kw BIGINT NOT NULL, cv BIGINT NOT NULL);
      CREATE INDEX engines_generation ON engines(generation_id);

      CREATE TABLE categories (id BIGINT PRIMARY KEY, name TEXT NOT NULL, parent_id BIGINT,
        position BIGINT NOT NULL DEFAULT 0, icon TEXT, promo BIGINT NOT NULL DEFAULT 0);
      CREATE TABLE producers (id BIGINT PRIMARY KEY, name TEXT NOT NULL);
      CREATE TABLE series (id BIGINT PRIMARY KEY, producer_id BIGINT NOT NULL REFERENCES producers(id), name TEXT NOT NULL);

      CREATE TABLE products (
        id BIGINT PRIMARY KEY,
        name TEXT NOT NULL,
        slug TEXT NOT NULL,
        type TEXT NOT NULL DEFAULT 'product_item',
        category_id BIGINT NOT NULL REFERENCES categories(id),
        subcategory_id BIGINT,
        axis_id BIGINT,
        producer_id BIGINT NOT NULL REFERENCES producers(id),
        series_id BIGINT,
        catalog_no TEXT NOT NULL,
        short_description TEXT NOT NULL DEFAULT '',
        unit TEXT NOT NULL DEFAULT 'pz.',
        unit_plural TEXT NOT NULL DEFAULT 'pz.',
        unit_sellby DOUBLE PRECISION NOT NULL DEFAULT 1,
        unit_precision BIGINT NOT NULL DEFAULT 0,
        for_points BIGINT NOT NULL DEFAULT 0,
        min_quantity DOUBLE PRECISION, max_quantity DOUBLE PRECISION, min_size_quantity DOUBLE PRECISION, max_size_quantity DOUBLE PRECISION,
        min_subscription_quantity DOUBLE PRECISION,
        subscription BIGINT NOT NULL DEFAULT 0,
        phone_price BIGINT NOT NULL DEFAULT 0,
        gratis BIGINT NOT NULL DEFAULT 0,
        vat DOUBLE PRECISION NOT NULL DEFAULT 22,
        popularity BIGINT NOT NULL DEFAULT 0
      );
      CREATE INDEX products_category ON products(category_id, axis_id);
      CREATE INDEX products_producer ON products(producer_id);
      CREATE INDEX products_popularity ON products(popularity DESC, id);

      CREATE TABLE sizes (
        product_id BIGINT NOT NULL REFERENCES products(id),
        size_id TEXT NOT NULL,
        name TEXT NOT NULL,
        position BIGINT NOT NULL DEFAULT 0,
        stock DOUBLE PRECISION NOT NULL,
        status TEXT NOT NULL,
        delivery_unknown BIGINT NOT NULL DEFAULT 0,
        shipping_days BIGINT NOT NULL DEFAULT 1,
        shipping_cost DOUBLE PRECISION NOT NULL DEFAULT 0,
        price_gross DOUBLE PRECISION NOT NULL,
        price_net DOUBLE PRECISION NOT NULL,
        srp_gross DOUBLE PRECISION, maxprice_gross DOUBLE PRECISION, advance_gross DOUBLE PRECISION,
        subscription_gross DOUBLE PRECISION,
        points BIGINT NOT NULL DEFAULT 0,
        points_recive BIGINT NOT NULL DEFAULT 0,
        basket_enable BIGINT NOT NULL DEFAULT 1,
        PRIMARY KEY (product_id, size_id)
      );
      CREATE INDEX sizes_position ON sizes(product_id, position);

      CREATE TABLE rebates (product_id BIGINT NOT NULL REFERENCES products(id), threshold DOUBLE PRECISION NOT NULL,
        threshold_end DOUBLE PRECISION, value DOUBLE PRECISION NOT NULL);
      CREATE INDEX rebates_product ON rebates(product_id);
      CREATE TABLE price_history (product_id BIGINT NOT NULL, size_id TEXT NOT NULL, day TEXT NOT NULL,
        price_gross DOUBLE PRECISION NOT NULL, price_net DOUBLE PRECISION NOT NULL, PRIMARY KEY (product_id, size_id, day));
      CREATE TABLE bundle_items (bundle_id BIGINT NOT NULL REFERENCES products(id),
        product_id BIGINT NOT NULL REFERENCES products(id), quantity BIGINT NOT NULL);
      CREATE INDEX bundle_items_bundle ON bundle_items(bundle_id);

      CREATE TABLE param_values (id BIGINT PRIMARY KEY, param_id BIGINT NOT NULL, param_name TEXT NOT NULL, name TEXT NOT NULL);
      CREATE UNIQUE INDEX param_values_unique ON param_values(param_id, name);
      -- Replacement-code lookups by prefix, spaces, dots and dashes aside, in byte order.
      CREATE INDEX param_values_code_key ON param_values(param_id, (shop_code_key(name)) COLLATE "C", id);
      CREATE TABLE product_params (product_id BIGINT NOT NULL REFERENCES products(id), value_id BIGINT NOT NULL REFERENCES param_values(id),
        PRIMARY KEY (product_id, value_id));
      CREATE INDEX product_params_value ON product_params(value_id);

      CREATE TABLE fitments (engine_id BIGINT NOT NULL REFERENCES engines(id), product_id BIGINT NOT NULL REFERENCES products(id),
        PRIMARY KEY (engine_id, product_id));
      CREATE INDEX fitments_product ON fitments(product_id);

      -- Search documents numbered by popularity (doc 1 = most wanted): the first N matches in
      -- doc order are the N most popular. Words are prefixes: a GIN index on the folded words.
      CREATE TABLE search_docs (
        doc BIGINT PRIMARY KEY,
        product_id BIGINT NOT NULL UNIQUE REFERENCES products(id),
        name TEXT NOT NULL, catalog_no TEXT NOT NULL, codes TEXT NOT NULL, producer TEXT NOT NULL,
        words tsvector GENERATED ALWAYS AS (to_tsvector('simple', shop_fold(name || ' ' || catalog_no || ' ' || codes || ' ' || producer))) STORED
      );
      CREATE INDEX search_docs_words ON search_docs USING gin (words);

      CREATE TABLE menu_nodes (id BIGINT PRIMARY KEY, name TEXT NOT NULL, link TEXT NOT NULL, breadcrumbs TEXT NOT NULL);
      CREATE TABLE cms_pages (id BIGINT PRIMARY KEY, name TEXT NOT NULL, link TEXT NOT NULL, body TEXT NOT NULL);
      CREATE TABLE search_queries (id BIGINT PRIMARY KEY, name TEXT NOT NULL, hits BIGINT NOT NULL);
      CREATE TABLE couriers (id BIGINT PRIMARY KEY, name TEXT NOT NULL, icon TEXT NOT NULL, prepaid TEXT NOT NULL,
        cost_gross DOUBLE PRECISION NOT NULL, days BIGINT NOT NULL, working_days BIGINT NOT NULL DEFAULT 1);
      CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);

      CREATE TABLE visitors (id TEXT PRIMARY KEY, created_at TEXT NOT NULL, pending_tracking BIGINT NOT NULL DEFAULT 0,
        wishlist_count BIGINT NOT NULL DEFAULT 0);
      CREATE TABLE basket_lines (
        visitor_id TEXT NOT NULL REFERENCES visitors(id),
        product_id BIGINT NOT NULL REFERENCES products(id),
        size_id TEXT NOT NULL,
        additional TEXT NOT NULL DEFAULT '',
        count DOUBLE PRECISION NOT NULL,
        added_at TEXT NOT NULL,
        PRIMARY KEY (visitor_id, product_id, size_id, additional)
      );
    `,
  },
  {
    id: 2,
    name: 'availability notices',
    sql: `
      CREATE TABLE availability_notices (
        product_id BIGINT NOT NULL REFERENCES products(id),
        size_id TEXT NOT NULL,
        email TEXT NOT NULL,
        visitor_id TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (product_id, size_id, email)
      );
    `,
  },
  {
    id: 3,
    name: 'contact messages',
    sql: `
      CREATE TABLE contact_messages (
        id SERIAL PRIMARY KEY,
        visitor_id TEXT NOT NULL REFERENCES visitors(id),
        name TEXT NOT NULL,
        contact TEXT NOT NULL,
        subject TEXT NOT NULL,
        iban TEXT,
        message TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX contact_messages_visitor ON contact_messages(visitor_id);
    `,
  },
  {
    id: 4,
    name: 'information pages',
    sql: `
      -- As SQLite's migration 4: the information pages, one row per page and language, at
      -- /pages/{slug} (server/db/cmsPages.ts); the placeholder table of migration 1 goes.
      DROP TABLE cms_pages;
      CREATE TABLE cms_pages (
        slug TEXT PRIMARY KEY,
        lang TEXT NOT NULL,
        topic TEXT NOT NULL,
        title TEXT NOT NULL,
        body TEXT NOT NULL,
        UNIQUE (topic, lang)
      );
      ${CMS_PAGES.map((page) => `INSERT INTO cms_pages (slug, lang, topic, title, body) VALUES (${[page.slug, page.lang, page.topic, page.title, page.body].map(sqlText).join(', ')});`).join('\n      ')}
    `,
  },  {
    id: 8,
    name: 'contact attachments',
    sql: `
      -- As SQLite's migration 8: the files sent with a contact message, kept with it.
      CREATE TABLE contact_attachments (
        id SERIAL PRIMARY KEY,
        message_id INTEGER NOT NULL REFERENCES contact_messages(id),
        field TEXT NOT NULL,
        file_name TEXT NOT NULL,
        mime_type TEXT NOT NULL,
        size INTEGER NOT NULL,
        content BYTEA NOT NULL
      );
      CREATE INDEX contact_attachments_message ON contact_attachments(message_id);
    `,
  },
  {
    id: 7,
    name: 'catalogue change log',
    sql: `
      -- As SQLite's migration 7 (issue 22). PostgreSQL servers learn of changes by LISTEN/NOTIFY
      -- (channel shop_catalogue, sent in the writing transaction); the log keeps what was changed.
      CREATE TABLE catalogue_changes (id BIGSERIAL PRIMARY KEY, product_id BIGINT, changed_at BIGINT NOT NULL);
    `,
  },
  {
    id: 10,
    name: 'catalogue import: withdrawn basket lines, product pictures',
    sql: `
      -- As SQLite's migration 10 (server/db/schema.ts).
      CREATE TABLE basket_lines_withdrawn (
        visitor_id TEXT NOT NULL REFERENCES visitors(id),
        product_id BIGINT NOT NULL,
        size_id TEXT NOT NULL,
        additional TEXT NOT NULL DEFAULT '',
        count DOUBLE PRECISION NOT NULL,
        added_at TEXT NOT NULL,
        product_name TEXT NOT NULL,
        size_name TEXT NOT NULL,
        withdrawn_at TEXT NOT NULL,
        PRIMARY KEY (visitor_id, product_id, size_id, additional)
      );
      CREATE TABLE product_pictures (
        product_id BIGINT NOT NULL REFERENCES products(id),
        position BIGINT NOT NULL,
        url TEXT NOT NULL,
        PRIMARY KEY (product_id, position)
      );
    `,
  },
  {
    id: 6,
    name: 'rate counters',
    sql: `
      -- As SQLite's migration 6: the throttles' counters shared by every server on this
      -- database (server/counters.ts). Migration 5 (listing indexes) is SQLite's only.
      CREATE UNLOGGED TABLE rate_counters (
        key TEXT PRIMARY KEY,
        count INTEGER NOT NULL,
        reset_at BIGINT NOT NULL
      );
      CREATE INDEX rate_counters_reset ON rate_counters(reset_at);
    `,
  },
  {
    id: 9,
    name: 'fitment qualifiers',
    sql: `
      -- As SQLite's migration 9: a fit's axle position, production months and note.
      ALTER TABLE fitments ADD COLUMN position TEXT CHECK (position IN ('front', 'rear'));
      ALTER TABLE fitments ADD COLUMN from_month TEXT CHECK (from_month ~ '^[12][0-9]{3}-(0[1-9]|1[0-2])$');
      ALTER TABLE fitments ADD COLUMN to_month TEXT CHECK (to_month ~ '^[12][0-9]{3}-(0[1-9]|1[0-2])$');
      ALTER TABLE fitments ADD COLUMN note TEXT;
      CREATE INDEX fitments_engine_position ON fitments(engine_id, position, product_id);
      -- A catalogue filled before this migration: each fit takes its part's axle (notes and
      -- production months come with a catalogue generated or imported after it).
      UPDATE fitments SET position = (SELECT CASE p.axis_id WHEN ${AXIS.front} THEN 'front' WHEN ${AXIS.rear} THEN 'rear' END
        FROM products p WHERE p.id = fitments.product_id AND p.category_id <> 160001);
      ALTER TABLE basket_lines ADD COLUMN vehicle_engine BIGINT;
      ALTER TABLE basket_lines ADD COLUMN vehicle_label TEXT;
    `,
  },
  {
    id: 11,
    name: 'listing indexes',
    sql: `
      -- As SQLite's migration 5: a listing page is read in index order and stops after one
      -- page, by category (or sub-category) and popularity, name or price, or by one of those
      -- alone. The price a listing sorts by is the first size's; products keep a copy
      -- (first_price, kept by statement triggers on sizes) so that one index holds category and
      -- price together. The name order is the listing's (server/db/listingQuery.ts,
      -- POSTGRES_LISTING.nameOrder): ASCII letters folded, then byte order.
      ALTER TABLE products ADD COLUMN first_price DOUBLE PRECISION;
      UPDATE products p SET first_price = s.price_gross FROM sizes s WHERE s.product_id = p.id AND s.position = 0;
      CREATE FUNCTION shop_first_price_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE products p SET first_price = n.price_gross FROM new_sizes n WHERE n.product_id = p.id AND n.position = 0;
        RETURN NULL;
      END $$;
      CREATE FUNCTION shop_first_price_updated() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE products p SET first_price = (SELECT s.price_gross FROM sizes s WHERE s.product_id = p.id AND s.position = 0)
        WHERE p.id IN (SELECT product_id FROM old_sizes UNION SELECT product_id FROM new_sizes);
        RETURN NULL;
      END $$;
      CREATE FUNCTION shop_first_price_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE products p SET first_price = (SELECT s.price_gross FROM sizes s WHERE s.product_id = p.id AND s.position = 0)
        WHERE p.id IN (SELECT product_id FROM old_sizes WHERE position = 0);
        RETURN NULL;
      END $$;
      CREATE TRIGGER sizes_first_price_insert AFTER INSERT ON sizes REFERENCING NEW TABLE AS new_sizes
        FOR EACH STATEMENT EXECUTE FUNCTION shop_first_price_inserted();
      CREATE TRIGGER sizes_first_price_update AFTER UPDATE ON sizes REFERENCING OLD TABLE AS old_sizes NEW TABLE AS new_sizes
        FOR EACH STATEMENT EXECUTE FUNCTION shop_first_price_updated();
      CREATE TRIGGER sizes_first_price_delete AFTER DELETE ON sizes REFERENCING OLD TABLE AS old_sizes
        FOR EACH STATEMENT EXECUTE FUNCTION shop_first_price_deleted();
      CREATE INDEX products_category_popular ON products(category_id, popularity DESC, id);
      CREATE INDEX products_category_name ON products(category_id, (translate(name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') COLLATE "C"), id);
      CREATE INDEX products_category_price ON products(category_id, first_price, id);
      CREATE INDEX products_category_price_desc ON products(category_id, first_price DESC, id);
      CREATE INDEX products_subcategory ON products(subcategory_id, popularity DESC, id);
      CREATE INDEX products_name ON products((translate(name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') COLLATE "C"), id);
      CREATE INDEX products_price ON products(first_price, id);
      CREATE INDEX products_price_desc ON products(first_price DESC, id);
      CREATE INDEX products_axis ON products(axis_id);
      -- The promo zone's filter (products sold below their recommended price).
      CREATE INDEX sizes_discounted ON sizes(product_id) WHERE srp_gross > price_gross AND price_gross > 0 AND status <> 'disable';
      ANALYZE products, sizes;
    `,
  },
  {
    id: 12,
    name: 'basket versions',
    sql: `
      -- Each change of a visitor's basket lines raises basket_version in the same statement: a
      -- basket change reads the basket, decides (server/db/basketLimits.ts), and writes only if
      -- the version is still the one it read, otherwise it reads again (pgRepository.changeBasket).
      ALTER TABLE visitors ADD COLUMN basket_version BIGINT NOT NULL DEFAULT 0;
    `,
  },
  {
    id: 13,
    name: 'catalogue texts in other languages',
    sql: `
      -- The same table as SQLite's migration 11 (server/db/schema.ts).
      CREATE TABLE catalogue_texts (
        kind TEXT NOT NULL,
        id TEXT NOT NULL,
        language TEXT NOT NULL,
        text TEXT NOT NULL,
        PRIMARY KEY (kind, id, language)
      );
    `,
  },
  {
    id: 20,
    name: 'orders: checkout (issue 32)',
    sql: POSTGRES_ORDER_TABLES,
  },
  {
    id: 21,
    name: 'availability notices confirmed by their address (issue 35, double opt-in)',
    sql: `
      -- A notice counts once its address confirmed it: the SHA-256 of the token mailed to it, and when.
      -- Notices stored before this asked no one: they stay unconfirmed, never written to.
      ALTER TABLE availability_notices ADD COLUMN token_hash TEXT;
      ALTER TABLE availability_notices ADD COLUMN confirmed_at TEXT;
      CREATE UNIQUE INDEX availability_notices_token ON availability_notices (token_hash);
    `,
  },
  {
    id: 22,
    name: 'back office: owners, their sessions, the audit log (issue 36)',
    sql: `
      -- The back office (issue 36): owners (e-mail, scrypt hash, TOTP secret once turned on), their
      -- sessions (the SHA-256 of the cookie's id; idle and absolute time-outs, revocable; a
      -- 'code' session waits for the second factor) and the audit log (who did what, when).
      CREATE TABLE owners (
        id SERIAL PRIMARY KEY,
        email TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        totp_secret TEXT,
        totp_last_step BIGINT,
        recovery_codes TEXT,
        created_at TEXT NOT NULL
      );
      CREATE TABLE owner_sessions (
        id_hash TEXT PRIMARY KEY,
        owner_id INTEGER NOT NULL REFERENCES owners(id),
        stage TEXT NOT NULL,
        csrf_token TEXT NOT NULL,
        created_at TEXT NOT NULL,
        last_seen_at TEXT NOT NULL,
        revoked_at TEXT,
        address TEXT NOT NULL
      );
      CREATE INDEX owner_sessions_owner ON owner_sessions (owner_id);
      CREATE TABLE audit_log (
        id SERIAL PRIMARY KEY,
        at TEXT NOT NULL,
        owner_id INTEGER,
        action TEXT NOT NULL,
        subject TEXT,
        detail TEXT
      );
      CREATE INDEX audit_log_at ON audit_log (at);
    `,
  },
  {
    id: 23,
    name: 'orders: tracking numbers and status history (issue 36)',
    sql: POSTGRES_ORDER_HISTORY,
  },
  {
    id: 24,
    name: "the shop's own settings: couriers in the owner's order (issue 36, point 7)",
    sql: `
      -- The couriers are settings the owner edits (server/settings/shopSettings.ts): their list keeps
      -- the order the owner gave it. The other settings are rows of settings (shop_name, shop_phone,
      -- shop_email, free_shipping_from, instalments, banners), defaults in the code where absent.
      ALTER TABLE couriers ADD COLUMN position INTEGER NOT NULL DEFAULT 0;
    `,
  },
  {
    id: 25,
    name: 'fitment answers and vehicle keys (issue 37)',
    sql: `
      -- A product that is not vehicle-specific (cleaning, fluids, vouchers, services): for any
      -- vehicle it answers "universal", never "does not fit" (src/domain/fitment.ts).
      ALTER TABLE products ADD COLUMN universal INTEGER NOT NULL DEFAULT 0 CHECK (universal IN (0, 1));
      -- A vehicle's registration keys (src/domain/vehicleKey.ts): 'kba' (HSN/TSN, stored '0603/AJX')
      -- or 'ktype' (TecDoc's type number, digits without leading zeros). A key names one engine;
      -- an engine may have several.
      CREATE TABLE engine_keys (
        kind TEXT NOT NULL CHECK (kind IN ('kba', 'ktype')),
        key TEXT NOT NULL,
        engine_id BIGINT NOT NULL REFERENCES engines(id),
        PRIMARY KEY (kind, key)
      );
      CREATE INDEX engine_keys_engine ON engine_keys(engine_id);
    `,
  },
  {
    id: 26,
    name: 'code groups: OE and cross-reference codes that are equivalent (issue 37)',
    sql: `
      -- One row per code of a group of equivalent codes: the code as written, its key (upper case,
      -- spaces, dots and dashes aside: a code is in one group at most) and, where the data says so,
      -- the key of the code of the same group that replaces it. A product belongs to the groups of
      -- its codes (its catalogue number and its OE / replacement codes).
      CREATE TABLE code_groups (
        code_key TEXT COLLATE "C" PRIMARY KEY,
        group_id BIGINT NOT NULL,
        code TEXT NOT NULL,
        replaced_by TEXT
      );
      CREATE INDEX code_groups_group ON code_groups (group_id, code_key);
    `,
  },
];

/** Any number held by the shop's servers while they migrate or seed: one at a time. */
export const SCHEMA_LOCK = 0x5e0b_0016;

/**
 * Runs the migrations not yet applied. Safe when several servers start at once: the first
 * holds a session advisory lock while it migrates (and seeds, see `withSchemaLock`), the others wait
 * for it and then find nothing left to do.
 */
export async function migratePostgres(client: PoolClient): Promise<void> {
  await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (id BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  // Number(): a bigint comes back as text on a connection without the shop's type parsers.
  const applied = new Set((await client.query<{ id: number | string }>('SELECT id FROM schema_migrations')).rows.map((row) => Number(row.id)));
  for (const migration of PG_MIGRATIONS) {
    if (applied.has(migration.id)) continue;
    await client.query('BEGIN');
    try {
      await client.query(migration.sql);
      await client.query('INSERT INTO schema_migrations (id, name, applied_at) VALUES ($1, $2, $3)', [migration.id, migration.name, new Date().toISOString()]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  }
}

/** Runs `work` holding the schema lock (a session advisory lock on one connection). */
export async function withSchemaLock<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK]);
    try {
      return await work(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK]);
    }
  } finally {
    client.release();
  }
}
