import type Database from 'better-sqlite3';
import { SQLITE_ORDER_HISTORY, SQLITE_ORDER_TABLES } from '../orders/tables';
import { AXIS } from '../../src/api/wire';
import { CMS_PAGES } from './cmsPages';

const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * Numbered migrations. Each runs once, in order, inside a transaction; `schema_migrations`
 * records which ran. Append new ones; never edit one that has shipped.
 */
export const MIGRATIONS: Array<{ id: number; name: string; sql: string }> = [
  {
    id: 1,
    name: 'catalogue, vehicles, baskets',
    sql: `
      CREATE TABLE brands (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
      CREATE TABLE models (id INTEGER PRIMARY KEY, brand_id INTEGER NOT NULL REFERENCES brands(id), name TEXT NOT NULL);
      CREATE INDEX models_brand ON models(brand_id);
      -- the configurator's "year" level: a model generation with its production years
      CREATE TABLE generations (id INTEGER PRIMARY KEY, model_id INTEGER NOT NULL REFERENCES models(id),
        name TEXT NOT NULL, year_from INTEGER NOT NULL, year_to INTEGER);
      CREATE INDEX generations_model ON generations(model_id);
      CREATE TABLE engines (id INTEGER PRIMARY KEY, generation_id INTEGER NOT NULL REFERENCES generations(id),
        name TEXT NOT NULL, fuel TEXT NOT NULL, kw INTEGER NOT NULL, cv INTEGER NOT NULL);
      CREATE INDEX engines_generation ON engines(generation_id);

      CREATE TABLE categories (id INTEGER PRIMARY KEY, name TEXT NOT NULL, parent_id INTEGER,
        position INTEGER NOT NULL DEFAULT 0, icon TEXT, promo INTEGER NOT NULL DEFAULT 0);
      CREATE TABLE producers (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
      CREATE TABLE series (id INTEGER PRIMARY KEY, producer_id INTEGER NOT NULL REFERENCES producers(id), name TEXT NOT NULL);

      CREATE TABLE products (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        slug TEXT NOT NULL,
        type TEXT NOT NULL DEFAULT 'product_item',
        category_id INTEGER NOT NULL REFERENCES categories(id),
        subcategory_id INTEGER,
        axis_id INTEGER,
        producer_id INTEGER NOT NULL REFERENCES producers(id),
        series_id INTEGER,
        catalog_no TEXT NOT NULL,
        short_description TEXT NOT NULL DEFAULT '',
        unit TEXT NOT NULL DEFAULT 'pz.',
        unit_plural TEXT NOT NULL DEFAULT 'pz.',
        unit_sellby REAL NOT NULL DEFAULT 1,
        unit_precision INTEGER NOT NULL DEFAULT 0,
        for_points INTEGER NOT NULL DEFAULT 0,
        min_quantity REAL, max_quantity REAL, min_size_quantity REAL, max_size_quantity REAL,
        min_subscription_quantity REAL,
        subscription INTEGER NOT NULL DEFAULT 0,
        phone_price INTEGER NOT NULL DEFAULT 0,
        gratis INTEGER NOT NULL DEFAULT 0,
        vat REAL NOT NULL DEFAULT 22,
        popularity INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX products_category ON products(category_id, axis_id);
      CREATE INDEX products_producer ON products(producer_id);

      CREATE TABLE sizes (
        product_id INTEGER NOT NULL REFERENCES products(id),
        size_id TEXT NOT NULL,
        name TEXT NOT NULL,
        position INTEGER NOT NULL DEFAULT 0,
        stock REAL NOT NULL,                       -- -1 unlimited, 0 none
        status TEXT NOT NULL,                      -- enable | order | disable
        delivery_unknown INTEGER NOT NULL DEFAULT 0,
        shipping_days INTEGER NOT NULL DEFAULT 1,
        shipping_cost REAL NOT NULL DEFAULT 0,
        price_gross REAL NOT NULL,
        price_net REAL NOT NULL,
        srp_gross REAL, maxprice_gross REAL, advance_gross REAL,
        subscription_gross REAL,
        points INTEGER NOT NULL DEFAULT 0,
        points_recive INTEGER NOT NULL DEFAULT 0,
        basket_enable INTEGER NOT NULL DEFAULT 1,
        PRIMARY KEY (product_id, size_id)
      ) WITHOUT ROWID;

      CREATE TABLE rebates (product_id INTEGER NOT NULL REFERENCES products(id), threshold REAL NOT NULL,
        threshold_end REAL, value REAL NOT NULL);
      CREATE INDEX rebates_product ON rebates(product_id);
      CREATE TABLE price_history (product_id INTEGER NOT NULL, size_id TEXT NOT NULL, day TEXT NOT NULL,
        price_gross REAL NOT NULL, price_net REAL NOT NULL, PRIMARY KEY (product_id, size_id, day)) WITHOUT ROWID;
      CREATE TABLE bundle_items (bundle_id INTEGER NOT NULL REFERENCES products(id),
        product_id INTEGER NOT NULL REFERENCES products(id), quantity INTEGER NOT NULL);

      -- awarded parameters (traits): technical attributes, OE / replacement codes (172622), ...
      CREATE TABLE param_values (id INTEGER PRIMARY KEY, param_id INTEGER NOT NULL, param_name TEXT NOT NULL, name TEXT NOT NULL);
      CREATE UNIQUE INDEX param_values_unique ON param_values(param_id, name);
      CREATE TABLE product_params (product_id INTEGER NOT NULL REFERENCES products(id), value_id INTEGER NOT NULL REFERENCES param_values(id),
        PRIMARY KEY (product_id, value_id)) WITHOUT ROWID;
      CREATE INDEX product_params_value ON product_params(value_id);

      CREATE TABLE fitments (engine_id INTEGER NOT NULL REFERENCES engines(id), product_id INTEGER NOT NULL REFERENCES products(id),
        PRIMARY KEY (engine_id, product_id)) WITHOUT ROWID;
      CREATE INDEX fitments_product ON fitments(product_id);

      -- Search documents are numbered by popularity (doc 1 = most wanted), so "the first N
      -- matches" in FTS order are the N most popular, found without ranking every match.
      CREATE VIRTUAL TABLE product_search USING fts5(name, catalog_no, codes, producer,
        content='', contentless_delete=1, tokenize="unicode61 remove_diacritics 2", prefix='2 3 4');
      CREATE TABLE search_docs (doc INTEGER PRIMARY KEY, product_id INTEGER NOT NULL UNIQUE REFERENCES products(id));
      -- Replacement-code lookups by prefix, spaces, dots and dashes aside.
      CREATE INDEX param_values_code_key ON param_values(param_id, REPLACE(REPLACE(REPLACE(name, ' ', ''), '-', ''), '.', ''));

      CREATE TABLE menu_nodes (id INTEGER PRIMARY KEY, name TEXT NOT NULL, link TEXT NOT NULL, breadcrumbs TEXT NOT NULL);
      CREATE TABLE cms_pages (id INTEGER PRIMARY KEY, name TEXT NOT NULL, link TEXT NOT NULL, body TEXT NOT NULL);
      CREATE TABLE search_queries (id INTEGER PRIMARY KEY, name TEXT NOT NULL, hits INTEGER NOT NULL);
      CREATE TABLE couriers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, icon TEXT NOT NULL, prepaid TEXT NOT NULL,
        cost_gross REAL NOT NULL, days INTEGER NOT NULL, working_days INTEGER NOT NULL DEFAULT 1);
      CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);

      CREATE TABLE visitors (id TEXT PRIMARY KEY, created_at TEXT NOT NULL, pending_tracking INTEGER NOT NULL DEFAULT 0,
        wishlist_count INTEGER NOT NULL DEFAULT 0);
      CREATE TABLE basket_lines (
        visitor_id TEXT NOT NULL REFERENCES visitors(id),
        product_id INTEGER NOT NULL REFERENCES products(id),
        size_id TEXT NOT NULL,
        additional TEXT NOT NULL DEFAULT '',
        count REAL NOT NULL,
        added_at TEXT NOT NULL,
        PRIMARY KEY (visitor_id, product_id, size_id, additional)
      ) WITHOUT ROWID;
    `,
  },
  {
    id: 2,
    name: 'availability notices',
    sql: `
      -- "E-mail me when it is back": one notice per product size and address.
      CREATE TABLE availability_notices (
        product_id INTEGER NOT NULL REFERENCES products(id),
        size_id TEXT NOT NULL,
        email TEXT NOT NULL,
        visitor_id TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (product_id, size_id, email)
      ) WITHOUT ROWID;
    `,
  },
  {
    id: 3,
    name: 'contact messages',
    sql: `
      -- The contact form (POST /contact.php): one row per message sent.
      CREATE TABLE contact_messages (
        id INTEGER PRIMARY KEY,
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
      -- The shop's information pages (shipping, returns, instalments, warranty, terms), one row per
      -- page and language, at /pages/{slug}; the placeholder table of migration 1 goes.
      DROP TABLE cms_pages;
      CREATE TABLE cms_pages (
        slug TEXT PRIMARY KEY,
        lang TEXT NOT NULL,
        topic TEXT NOT NULL,
        title TEXT NOT NULL,
        body TEXT NOT NULL,
        UNIQUE (topic, lang)
      ) WITHOUT ROWID;
      ${CMS_PAGES.map((page) => `INSERT INTO cms_pages (slug, lang, topic, title, body) VALUES (${[page.slug, page.lang, page.topic, page.title, page.body].map(sqlText).join(', ')});`).join('\n      ')}
    `,
  },
  {
    id: 5,
    name: 'listing indexes',
    sql: `
      -- A listing page is read in index order and stops after one page: by category (or
      -- sub-category) and popularity, name or price, or by one of those alone.
      -- The price a listing sorts by is the first size's; products keep a copy (first_price,
      -- kept by triggers) so that one index holds category and price together.
      ALTER TABLE products ADD COLUMN first_price REAL;
      UPDATE products SET first_price = (SELECT s.price_gross FROM sizes s WHERE s.product_id = products.id AND s.position = 0);
      CREATE TRIGGER sizes_first_price_insert AFTER INSERT ON sizes WHEN NEW.position = 0 BEGIN
        UPDATE products SET first_price = NEW.price_gross WHERE id = NEW.product_id;
      END;
      CREATE TRIGGER sizes_first_price_update AFTER UPDATE OF price_gross, position, product_id ON sizes BEGIN
        UPDATE products SET first_price = (SELECT s.price_gross FROM sizes s WHERE s.product_id = products.id AND s.position = 0)
        WHERE id IN (OLD.product_id, NEW.product_id);
      END;
      CREATE TRIGGER sizes_first_price_delete AFTER DELETE ON sizes WHEN OLD.position = 0 BEGIN
        UPDATE products SET first_price = (SELECT s.price_gross FROM sizes s WHERE s.product_id = products.id AND s.position = 0) WHERE id = OLD.product_id;
      END;
      CREATE INDEX products_category_popular ON products(category_id, popularity DESC, id);
      CREATE INDEX products_category_name ON products(category_id, name COLLATE NOCASE, id);
      CREATE INDEX products_category_price ON products(category_id, first_price, id);
      CREATE INDEX products_category_price_desc ON products(category_id, first_price DESC, id);
      CREATE INDEX products_subcategory ON products(subcategory_id, popularity DESC, id);
      CREATE INDEX products_popular ON products(popularity DESC, id);
      CREATE INDEX products_name ON products(name COLLATE NOCASE, id);
      CREATE INDEX products_price ON products(first_price, id);
      CREATE INDEX products_price_desc ON products(first_price DESC, id);
      CREATE INDEX products_axis ON products(axis_id);
      -- The promo zone's filter (products sold below their recommended price).
      CREATE INDEX sizes_discounted ON sizes(product_id) WHERE srp_gross > price_gross AND price_gross > 0 AND status <> 'disable';
      ANALYZE;
    `,
  },
  {
    id: 6,
    name: 'rate counters',
    sql: `
      -- The throttles' counters shared by the server's worker processes (server/counters.ts):
      -- one row per budget and key (visitor or address) and time window.
      CREATE TABLE rate_counters (
        key TEXT PRIMARY KEY,
        count INTEGER NOT NULL,
        reset_at INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX rate_counters_reset ON rate_counters(reset_at);
    `,
  },
  {
    id: 7,
    name: 'catalogue change log',
    sql: `
      -- Issue 22: every catalogue write leaves a row here (product_id NULL: the whole catalogue);
      -- each server process reads the rows after the last it saw and drops the pages it drew
      -- from those products. Rows older than a minute are of no use to anyone and are deleted.
      CREATE TABLE catalogue_changes (id INTEGER PRIMARY KEY AUTOINCREMENT, product_id INTEGER, changed_at INTEGER NOT NULL);
    `,
  },
  {
    id: 8,
    name: 'contact attachments',
    sql: `
      -- The files sent with a contact message (POST /contact.php, multipart): the photo or
      -- document, checked by the page's rules again (src/domain/upload.ts), kept with its message.
      CREATE TABLE contact_attachments (
        id INTEGER PRIMARY KEY,
        message_id INTEGER NOT NULL REFERENCES contact_messages(id),
        field TEXT NOT NULL,
        file_name TEXT NOT NULL,
        mime_type TEXT NOT NULL,
        size INTEGER NOT NULL,
        content BLOB NOT NULL
      );
      CREATE INDEX contact_attachments_message ON contact_attachments(message_id);
    `,
  },
  {
    id: 9,
    name: 'fitment qualifiers',
    sql: `
      -- What a fit says beyond "this part fits this engine" (ACES-like qualifiers, see
      -- src/domain/fitment.ts): the axle it goes on ('front' | 'rear', null: not an axle part),
      -- the vehicles' production months it is limited to ('YYYY-MM', null: open), and a note
      -- (a note code the storefront translates, such as 'abs' or 'discDiameter:280', or free text
      -- in the shop's language shown as written; null: none).
      ALTER TABLE fitments ADD COLUMN position TEXT CHECK (position IN ('front', 'rear'));
      ALTER TABLE fitments ADD COLUMN from_month TEXT CHECK (from_month GLOB '[12][0-9][0-9][0-9]-[01][0-9]' AND substr(from_month, 6, 2) BETWEEN '01' AND '12');
      ALTER TABLE fitments ADD COLUMN to_month TEXT CHECK (to_month GLOB '[12][0-9][0-9][0-9]-[01][0-9]' AND substr(to_month, 6, 2) BETWEEN '01' AND '12');
      ALTER TABLE fitments ADD COLUMN note TEXT;
      -- The vehicle page and the axle filter read an engine's fits by position.
      CREATE INDEX fitments_engine_position ON fitments(engine_id, position, product_id);
      -- A catalogue filled before this migration: each fit takes its part's axle (notes and
      -- production months come with a catalogue generated or imported after it).
      UPDATE fitments SET position = (SELECT CASE p.axis_id WHEN ${AXIS.front} THEN 'front' WHEN ${AXIS.rear} THEN 'rear' END
        FROM products p WHERE p.id = fitments.product_id AND p.category_id <> 160001);
      -- The vehicle chosen when a basket line was added (ours): its engine and the shopper's label for it.
      ALTER TABLE basket_lines ADD COLUMN vehicle_engine INTEGER;
      ALTER TABLE basket_lines ADD COLUMN vehicle_label TEXT;
    `,
  },
  {
    id: 10,
    name: 'catalogue import: withdrawn basket lines, product pictures',
    sql: `
      -- A catalogue import that drops a product or a size moves the basket lines naming it here
      -- (the visitor's line is kept, marked withdrawn, with the names it had); a later import
      -- that brings the size back puts the line back in the basket.
      CREATE TABLE basket_lines_withdrawn (
        visitor_id TEXT NOT NULL REFERENCES visitors(id),
        product_id INTEGER NOT NULL,
        size_id TEXT NOT NULL,
        additional TEXT NOT NULL DEFAULT '',
        count REAL NOT NULL,
        added_at TEXT NOT NULL,
        product_name TEXT NOT NULL,
        size_name TEXT NOT NULL,
        withdrawn_at TEXT NOT NULL,
        PRIMARY KEY (visitor_id, product_id, size_id, additional)
      ) WITHOUT ROWID;
      -- Pictures of the shop's own catalogue (addresses), in order.
      CREATE TABLE product_pictures (
        product_id INTEGER NOT NULL REFERENCES products(id),
        position INTEGER NOT NULL,
        url TEXT NOT NULL,
        PRIMARY KEY (product_id, position)
      ) WITHOUT ROWID;
    `,
  },
  {
    id: 11,
    name: 'catalogue texts in other languages',
    sql: `
      -- A catalogue name or text in a language other than the shop's (issue 34): kind 'category'
      -- (id: the category), 'param' (a trait's name; id: param_id), 'value' (a trait value; id: its
      -- id), 'size' (id: product_id:size_id), 'product' and 'description' (id: the product).
      -- Without a row the shop's own text (Italian) is shown.
      CREATE TABLE catalogue_texts (
        kind TEXT NOT NULL,
        id TEXT NOT NULL,
        language TEXT NOT NULL,
        text TEXT NOT NULL,
        PRIMARY KEY (kind, id, language)
      ) WITHOUT ROWID;
    `,
  },
  {
    id: 20,
    name: 'orders: checkout (issue 32)',
    sql: SQLITE_ORDER_TABLES,
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
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        email TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        totp_secret TEXT,
        totp_last_step INTEGER,
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
        id INTEGER PRIMARY KEY AUTOINCREMENT,
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
    sql: SQLITE_ORDER_HISTORY,
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
        engine_id INTEGER NOT NULL REFERENCES engines(id),
        PRIMARY KEY (kind, key)
      ) WITHOUT ROWID;
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
        code_key TEXT PRIMARY KEY,
        group_id INTEGER NOT NULL,
        code TEXT NOT NULL,
        replaced_by TEXT
      ) WITHOUT ROWID;
      CREATE INDEX code_groups_group ON code_groups (group_id, code_key);
    `,
  },
];

export function migrate(db: Database.Database): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  const applied = new Set((db.prepare('SELECT id FROM schema_migrations').all() as { id: number }[]).map((row) => row.id));
  for (const migration of MIGRATIONS) {
    if (applied.has(migration.id)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)').run(migration.id, migration.name, new Date().toISOString());
    })();
  }
}
