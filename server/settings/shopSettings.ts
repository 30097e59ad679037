/**
 * The shop's own settings (issue 36, point 7): its name and contact details, the couriers (name,
 * group prepaid / pay on delivery, cost, days), the free-shipping threshold, the instalment limits
 * and the discount banner. Stored in the `settings` table (one key each) and the `couriers` table,
 * read and written through Kysely once for both backends (`readShopSettings`, `saveShopSettings`),
 * carried by the catalogue file (a `settings` line, docs/catalogue-format.md) and its export, and
 * edited in the back office at /admin/settings.
 *
 * Every setting has a working default (`DEFAULT_SHOP_SETTINGS`): a catalogue imported into a fresh
 * data directory, where nothing was ever stored, gives a shop with couriers, instalment limits and
 * a threshold, never NaN.
 */
import { controlCharacterIn } from '../http';
import { sql, type Generated, type Kysely } from 'kysely';
import { queryWriter, step, type SqlDialect, type Steps } from '../db/steps';
import { CATALOGUE_CHANNEL } from '../db/repository';
import type { CourierRow } from '../db/shopViews';
import { DEFAULT_SHOP_FACTS, type ShopFacts } from '../../store/shopDataSlice';

export type CourierGroup = 'prepaid' | 'dvp';

export interface CourierSetting {
  name: string;
  /** prepaid: paid before it ships (free from the threshold); dvp: paid to the courier on delivery. */
  group: CourierGroup;
  /** Gross cost in euro (two decimals at most). */
  cost: number;
  /** Delivery days (working days). */
  days: number;
  /** The courier's picture (an address on the shop, `/data/gfx/couriers/...`). */
  icon: string;
}

export interface ShopSettings {
  name: string;
  phone: string;
  email: string;
  /** Gross basket worth in euro from which prepaid couriers ship free. */
  freeShippingFrom: number;
  /** The instalment limits, in the terms they are set in (`priceType`: gross by default; issue 34, point 17). */
  instalments: { minPrice: number; maxPrice: number; instalmentName: string; link: string; priceType: 'net' | 'gross' };
  couriers: CourierSetting[];
  banners: { discountCode: string | null; discountPercent: number };
}

export const DEFAULT_SHOP_SETTINGS: ShopSettings = {
  name: DEFAULT_SHOP_FACTS.name,
  phone: DEFAULT_SHOP_FACTS.phone,
  email: DEFAULT_SHOP_FACTS.email,
  freeShippingFrom: DEFAULT_SHOP_FACTS.freeShippingFrom,
  instalments: { minPrice: 100, maxPrice: 5000, instalmentName: 'Rate Compass', link: '/cms/pagamento-rate.html', priceType: 'gross' },
  couriers: [
    { name: 'BRT', group: 'prepaid', cost: 6.9, days: 2, icon: '/data/gfx/couriers/brt.svg' },
    { name: 'GLS', group: 'prepaid', cost: 5.9, days: 3, icon: '/data/gfx/couriers/gls.svg' },
    { name: 'Poste Italiane', group: 'prepaid', cost: 4.9, days: 4, icon: '/data/gfx/couriers/poste.svg' },
    { name: 'BRT contrassegno', group: 'dvp', cost: 9.9, days: 2, icon: '/data/gfx/couriers/brt.svg' },
    { name: 'GLS contrassegno', group: 'dvp', cost: 8.9, days: 3, icon: '/data/gfx/couriers/gls.svg' },
  ],
  banners: { discountCode: DEFAULT_SHOP_FACTS.discountCode, discountPercent: DEFAULT_SHOP_FACTS.discountPercent },
};

/** The `settings` keys these settings are stored under. */
export const SETTING_KEYS = {
  name: 'shop_name',
  phone: 'shop_phone',
  email: 'shop_email',
  freeShippingFrom: 'free_shipping_from',
  instalments: 'instalments',
  banners: 'banners',
} as const;

/** What the shop's pages carry of the settings: the storefront's state (store/shopDataSlice.ts). */
export type { ShopFacts };

export function shopFacts(settings: ShopSettings): ShopFacts {
  return {
    name: settings.name,
    phone: settings.phone,
    email: settings.email,
    freeShippingFrom: settings.freeShippingFrom,
    discountCode: settings.banners.discountCode,
    discountPercent: settings.banners.discountPercent,
  };
}

/** A courier as the pages' shipping answers take it (server/db/shopViews.ts courierOptions). */
export function courierRows(settings: ShopSettings): CourierRow[] {
  return settings.couriers.map((c) => ({ name: c.name, icon: c.icon, prepaid: c.group, cost_gross: c.cost, days: c.days, working_days: 1 }));
}

/* ------------------------------------------------------------------ checking */

export interface SettingsError {
  /** The field as a path (`couriers[1].cost`). */
  field: string;
  reason: string;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

class Invalid extends Error {
  constructor(
    readonly field: string,
    reason: string,
  ) {
    super(reason);
  }
}

const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;
const PHONE = /^\+?[0-9][0-9 ./()-]{3,30}$/;
const CODE = /^[A-Z0-9_-]{2,30}$/;
const LINK = /^\/(?!\/)[A-Za-z0-9/._~%-]*(?:\?[A-Za-z0-9=&._~%-]*)?$|^https:\/\/[A-Za-z0-9.-]+(?::\d+)?(?:\/[A-Za-z0-9/._~%?=&-]*)?$/;
const ICON = /^\/data\/gfx\/couriers\/[a-z0-9_-]+\.(?:svg|png|webp)$/;

function text(record: Json, field: string, max: number, path: string, fallback: string): string {
  const value = record[field];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string') throw new Invalid(path, 'must be text');
  if (controlCharacterIn(value)) throw new Invalid(path, 'must not hold control characters');
  const trimmed = value.trim();
  if (!trimmed) throw new Invalid(path, 'must not be empty');
  if (trimmed.length > max) throw new Invalid(path, `must be at most ${max} characters`);
  return trimmed;
}

/** A sum of money in euro: a number (or text, from a form) with at most two decimals, in range. */
function euro(record: Json, field: string, path: string, fallback: number, min: number, max: number): number {
  let value = record[field];
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value === 'string') value = /^\d{1,7}(?:[.,]\d{1,2})?$/.test(value.trim()) ? Number(value.trim().replace(',', '.')) : NaN;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Invalid(path, 'must be an amount in euro');
  if (Math.round(value * 100) !== Number((value * 100).toFixed(6))) throw new Invalid(path, 'must have at most two decimals');
  if (value < min || value > max) throw new Invalid(path, `must be from ${min} to ${max}`);
  return Math.round(value * 100) / 100;
}

function whole(record: Json, field: string, path: string, fallback: number, min: number, max: number): number {
  let value = record[field];
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value === 'string') value = /^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new Invalid(path, 'must be a whole number');
  if (value < min || value > max) throw new Invalid(path, `must be from ${min} to ${max}`);
  return value;
}

/**
 * Checks settings as the catalogue file's `settings` line and the back office's form write them
 * (snake_case fields, every one optional: what is left out keeps `base`'s value). Answers the
 * settings, or every error found.
 */
export function checkShopSettings(input: unknown, base: ShopSettings = DEFAULT_SHOP_SETTINGS): { settings: ShopSettings; errors: [] } | { settings: null; errors: SettingsError[] } {
  const errors: SettingsError[] = [];
  const attempt = <T>(fn: () => T, fallback: T): T => {
    try {
      return fn();
    } catch (error) {
      if (!(error instanceof Invalid)) throw error;
      errors.push({ field: error.field, reason: error.message });
      return fallback;
    }
  };
  if (!isObject(input)) return { settings: null, errors: [{ field: 'record', reason: 'must be an object' }] };
  const allowed = ['kind', 'name', 'phone', 'email', 'free_shipping_from', 'instalments', 'couriers', 'banners'];
  for (const key of Object.keys(input)) if (!allowed.includes(key)) errors.push({ field: key, reason: 'is not a field of the settings' });

  const name = attempt(() => text(input, 'name', 80, 'name', base.name), base.name);
  const phone = attempt(() => {
    const value = text(input, 'phone', 40, 'phone', base.phone);
    if (!PHONE.test(value)) throw new Invalid('phone', 'must be a telephone number (digits, spaces, + . / ( ) -)');
    return value;
  }, base.phone);
  const email = attempt(() => {
    const value = text(input, 'email', 200, 'email', base.email);
    if (!EMAIL.test(value)) throw new Invalid('email', 'must be an e-mail address');
    return value;
  }, base.email);
  const freeShippingFrom = attempt(() => euro(input, 'free_shipping_from', 'free_shipping_from', base.freeShippingFrom, 0, 100_000), base.freeShippingFrom);

  let instalments = base.instalments;
  if (input.instalments !== undefined && input.instalments !== null) {
    const raw = input.instalments;
    if (!isObject(raw)) errors.push({ field: 'instalments', reason: 'must be an object (min, max, name, link, price_type)' });
    else {
      for (const key of Object.keys(raw)) if (!['min', 'max', 'name', 'link', 'price_type'].includes(key)) errors.push({ field: `instalments.${key}`, reason: 'is not a field of the instalments' });
      const minPrice = attempt(() => euro(raw, 'min', 'instalments.min', base.instalments.minPrice, 0, 1_000_000), base.instalments.minPrice);
      const maxPrice = attempt(() => euro(raw, 'max', 'instalments.max', base.instalments.maxPrice, 0, 1_000_000), base.instalments.maxPrice);
      if (maxPrice < minPrice) errors.push({ field: 'instalments.max', reason: 'must not be below instalments.min' });
      const instalmentName = attempt(() => text(raw, 'name', 80, 'instalments.name', base.instalments.instalmentName), base.instalments.instalmentName);
      const link = attempt(() => {
        const value = text(raw, 'link', 300, 'instalments.link', base.instalments.link);
        if (!LINK.test(value)) throw new Invalid('instalments.link', 'must be a path on the shop (/...) or an https:// address');
        return value;
      }, base.instalments.link);
      let priceType = base.instalments.priceType;
      if (raw.price_type !== undefined && raw.price_type !== null) {
        if (raw.price_type === 'net' || raw.price_type === 'gross') priceType = raw.price_type;
        else errors.push({ field: 'instalments.price_type', reason: 'must be net or gross' });
      }
      instalments = { minPrice, maxPrice, instalmentName, link, priceType };
    }
  }

  let couriers = base.couriers;
  if (input.couriers !== undefined && input.couriers !== null) {
    if (!Array.isArray(input.couriers)) errors.push({ field: 'couriers', reason: 'must be a list' });
    else if (input.couriers.length < 1 || input.couriers.length > 20) errors.push({ field: 'couriers', reason: 'must name from 1 to 20 couriers' });
    else {
      couriers = input.couriers.map((raw, index) => {
        const path = `couriers[${index}]`;
        if (!isObject(raw)) {
          errors.push({ field: path, reason: 'must be an object (name, group, cost, days)' });
          return base.couriers[0];
        }
        for (const key of Object.keys(raw)) if (!['name', 'group', 'cost', 'days', 'icon'].includes(key)) errors.push({ field: `${path}.${key}`, reason: 'is not a field of a courier' });
        const courierName = attempt(() => text(raw, 'name', 80, `${path}.name`, ''), '');
        if (raw.name === undefined || raw.name === null) errors.push({ field: `${path}.name`, reason: 'is required' });
        const group = attempt(() => {
          if (raw.group !== 'prepaid' && raw.group !== 'dvp') throw new Invalid(`${path}.group`, 'must be one of prepaid, dvp');
          return raw.group;
        }, 'prepaid' as CourierGroup);
        const cost = attempt(() => {
          if (raw.cost === undefined || raw.cost === null || raw.cost === '') throw new Invalid(`${path}.cost`, 'is required');
          return euro(raw, 'cost', `${path}.cost`, 0, 0, 10_000);
        }, 0);
        const days = attempt(() => {
          if (raw.days === undefined || raw.days === null || raw.days === '') throw new Invalid(`${path}.days`, 'is required');
          return whole(raw, 'days', `${path}.days`, 1, 0, 60);
        }, 1);
        const icon = attempt(() => {
          const value = text(raw, 'icon', 200, `${path}.icon`, group === 'dvp' ? '/data/gfx/couriers/brt.svg' : '/data/gfx/couriers/gls.svg');
          if (!ICON.test(value)) throw new Invalid(`${path}.icon`, 'must be a picture under /data/gfx/couriers/');
          return value;
        }, '/data/gfx/couriers/gls.svg');
        return { name: courierName, group, cost, days, icon };
      });
      if (!couriers.some((c) => c.group === 'prepaid')) errors.push({ field: 'couriers', reason: 'must name at least one prepaid courier' });
    }
  }

  let banners = base.banners;
  if (input.banners !== undefined && input.banners !== null) {
    const raw = input.banners;
    if (!isObject(raw)) errors.push({ field: 'banners', reason: 'must be an object (discount_code, discount_percent)' });
    else {
      for (const key of Object.keys(raw)) if (!['discount_code', 'discount_percent'].includes(key)) errors.push({ field: `banners.${key}`, reason: 'is not a field of the banners' });
      const discountCode = attempt(() => {
        if (raw.discount_code === undefined) return base.banners.discountCode;
        if (raw.discount_code === null || raw.discount_code === '') return null;
        if (typeof raw.discount_code !== 'string' || !CODE.test(raw.discount_code.trim())) throw new Invalid('banners.discount_code', 'must be 2 to 30 capital letters, digits, - or _ (empty: no banner)');
        return raw.discount_code.trim();
      }, base.banners.discountCode);
      const discountPercent = attempt(() => whole(raw, 'discount_percent', 'banners.discount_percent', base.banners.discountPercent, 1, 90), base.banners.discountPercent);
      banners = { discountCode, discountPercent };
    }
  }

  if (errors.length) return { settings: null, errors };
  return { settings: { name, phone, email, freeShippingFrom, instalments, couriers, banners }, errors: [] };
}

/** The settings as the catalogue file's `settings` line (and the form's fields) write them. */
export function settingsRecord(settings: ShopSettings): Record<string, unknown> {
  return {
    kind: 'settings',
    name: settings.name,
    phone: settings.phone,
    email: settings.email,
    free_shipping_from: settings.freeShippingFrom,
    instalments: { min: settings.instalments.minPrice, max: settings.instalments.maxPrice, name: settings.instalments.instalmentName, link: settings.instalments.link, price_type: settings.instalments.priceType },
    couriers: settings.couriers.map((c) => ({ name: c.name, group: c.group, cost: c.cost, days: c.days, icon: c.icon })),
    banners: { discount_code: settings.banners.discountCode, discount_percent: settings.banners.discountPercent },
  };
}

/* ------------------------------------------------------------------ storage (Kysely, both backends) */

export interface SettingsTables {
  settings: { key: string; value: string };
  couriers: { id: number; name: string; icon: string; prepaid: string; cost_gross: number; days: number; working_days: number; position: number };
  catalogue_changes: { id: Generated<number>; product_id: number | null; changed_at: number };
}

const writers: Record<SqlDialect, Kysely<SettingsTables>> = { sqlite: queryWriter<SettingsTables>('sqlite'), postgres: queryWriter<SettingsTables>('postgres') };

/** Builds settings from the stored rows: whatever is missing or unreadable takes its default. */
export function settingsFromRows(rows: Array<{ key: string; value: string }>, couriers: Array<SettingsTables['couriers']>): ShopSettings {
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const d = DEFAULT_SHOP_SETTINGS;
  const json = (key: string): Json | null => {
    try {
      const value = JSON.parse(stored.get(key) ?? 'null') as unknown;
      return isObject(value) ? value : null;
    } catch {
      return null;
    }
  };
  const num = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
  const str = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() ? value : fallback);
  const free = Number(stored.get(SETTING_KEYS.freeShippingFrom));
  const instalments = json(SETTING_KEYS.instalments) ?? {};
  const banners = json(SETTING_KEYS.banners);
  const minPrice = num(instalments.minPrice, d.instalments.minPrice);
  const maxPrice = num(instalments.maxPrice, d.instalments.maxPrice);
  return {
    name: str(stored.get(SETTING_KEYS.name), d.name),
    phone: str(stored.get(SETTING_KEYS.phone), d.phone),
    email: str(stored.get(SETTING_KEYS.email), d.email),
    freeShippingFrom: stored.has(SETTING_KEYS.freeShippingFrom) && Number.isFinite(free) && free >= 0 ? free : d.freeShippingFrom,
    instalments: {
      minPrice,
      maxPrice: maxPrice >= minPrice ? maxPrice : Math.max(minPrice, d.instalments.maxPrice),
      instalmentName: str(instalments.instalmentName, d.instalments.instalmentName),
      link: str(instalments.link, d.instalments.link),
      priceType: instalments.priceType === 'net' ? 'net' : 'gross',
    },
    couriers: couriers.length
      ? couriers.map((c) => ({ name: c.name, group: c.prepaid === 'dvp' ? 'dvp' : 'prepaid', cost: Number(c.cost_gross), days: Number(c.days), icon: c.icon }))
      : d.couriers,
    banners: banners
      ? { discountCode: banners.discountCode === null ? null : str(banners.discountCode, d.banners.discountCode ?? ''), discountPercent: num(banners.discountPercent, d.banners.discountPercent) }
      : d.banners,
  };
}

/** Reads the settings (defaults where nothing is stored). */
export function* readShopSettings(dialect: SqlDialect): Steps<ShopSettings> {
  const w = writers[dialect];
  const keys = Object.values(SETTING_KEYS);
  const rows = yield* step(w.selectFrom('settings').select(['key', 'value']).where('key', 'in', keys).compile());
  const couriers = yield* step(w.selectFrom('couriers').selectAll().orderBy('position').orderBy('id').compile());
  return settingsFromRows(rows, couriers);
}

/**
 * Stores the settings (every key, and the couriers in their order: the list replaced) in the
 * caller's transaction. Orders keep the courier's name and group they were placed with
 * (server/orders/tables.ts), so replacing the list changes no order.
 */
export function* saveShopSettings(dialect: SqlDialect, settings: ShopSettings): Steps<void> {
  const w = writers[dialect];
  const values: Array<[string, string]> = [
    [SETTING_KEYS.name, settings.name],
    [SETTING_KEYS.phone, settings.phone],
    [SETTING_KEYS.email, settings.email],
    [SETTING_KEYS.freeShippingFrom, String(settings.freeShippingFrom)],
    [SETTING_KEYS.instalments, JSON.stringify(settings.instalments)],
    [SETTING_KEYS.banners, JSON.stringify(settings.banners)],
  ];
  for (const [key, value] of values) {
    yield* step(w.insertInto('settings').values({ key, value }).onConflict((oc) => oc.column('key').doUpdateSet({ value })).compile());
  }
  yield* step(w.deleteFrom('couriers').compile());
  yield* step(
    w
      .insertInto('couriers')
      .values(settings.couriers.map((c, index) => ({ id: index + 1, name: c.name, icon: c.icon, prepaid: c.group, cost_gross: c.cost, days: c.days, working_days: 1, position: index + 1 })))
      .compile(),
  );
}

/**
 * Records in the catalogue change log (server/catalogueChanges.ts) that everything changed, in the
 * caller's transaction: every server drops its drawn pages and reads the settings again once it
 * commits (SQLite: the log read every CATALOGUE_POLL_MS; PostgreSQL: NOTIFY, sent on commit).
 */
export function* everythingChanged(dialect: SqlDialect, now = Date.now()): Steps<void> {
  const w = writers[dialect];
  yield* step(w.insertInto('catalogue_changes').values({ product_id: null, changed_at: now }).compile());
  yield* step(w.deleteFrom('catalogue_changes').where('changed_at', '<', now - 60_000).compile());
  // PostgreSQL only: the notification every listening server hears (SQLite servers read the log).
  if (dialect === 'postgres') yield* step(sql<{ n: unknown }>`select pg_notify(${CATALOGUE_CHANNEL}, 'all') as n`.compile(w));
}

/** Couriers in the order the pages list them: prepaid first, then by cost, then as the owner listed them. */
export function sortedCouriers(rows: CourierRow[]): CourierRow[] {
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => (a.row.prepaid === b.row.prepaid ? a.row.cost_gross - b.row.cost_gross || a.index - b.index : a.row.prepaid === 'prepaid' ? -1 : 1))
    .map(({ row }) => row);
}
