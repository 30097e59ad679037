import type { FastifyInstance, FastifyRequest } from 'fastify';
import { drawSettingsPage, type SettingsForm } from '../render/admin/settings';
import { checkShopSettings, type SettingsError, type ShopSettings } from '../settings/shopSettings';
import type { ShopSectionTexts } from '../../src/i18n/admin/shopSections';
import { recordAudit } from './audit';
import { ownerLanguage, type OwnerDeps } from './guard';

/** The most courier rows a form may send (the checker allows 20 couriers). */
const MAX_COURIER_ROWS = 21;

/** The settings as the form shows them (text), with one empty courier row to add one. */
export function formOf(settings: ShopSettings): Record<string, string> {
  const values: Record<string, string> = {
    name: settings.name,
    phone: settings.phone,
    email: settings.email,
    free_shipping_from: String(settings.freeShippingFrom),
    instalments_name: settings.instalments.instalmentName,
    instalments_min: String(settings.instalments.minPrice),
    instalments_max: String(settings.instalments.maxPrice),
    instalments_link: settings.instalments.link,
    discount_code: settings.banners.discountCode ?? '',
    discount_percent: String(settings.banners.discountPercent),
  };
  settings.couriers.forEach((courier, i) => {
    values[`courier_name_${i}`] = courier.name;
    values[`courier_group_${i}`] = courier.group;
    values[`courier_cost_${i}`] = String(courier.cost);
    values[`courier_days_${i}`] = String(courier.days);
  });
  return values;
}

function fieldsOf(request: FastifyRequest): Record<string, string> {
  const body = request.body as Record<string, unknown> | undefined;
  const values: Record<string, string> = {};
  if (!body || typeof body !== 'object') return values;
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string' && key !== '_csrf') values[key] = value.slice(0, 400);
  return values;
}

/** The error's text key for the form, by what the checker said. */
function errorKey(error: SettingsError): keyof ShopSectionTexts['errors'] {
  if (/required|must not be empty/.test(error.reason)) return 'required';
  if (/e-mail/.test(error.reason)) return 'email';
  if (/prepaid courier/.test(error.reason)) return 'prepaidNeeded';
  if (/amount in euro|two decimals/.test(error.reason)) return 'amount';
  if (/must be from|must not be below|at most/.test(error.reason)) return 'range';
  return 'invalid';
}

/**
 * The shop's settings in the back office (issue 36, point 7): GET draws the form with what is
 * stored (defaults where nothing is); POST checks it with the same rules as the catalogue file's
 * settings line, stores it (every server reads it again and drops its drawn pages) and audits it.
 */
export function settingsRoutes(deps: OwnerDeps) {
  return (scope: FastifyInstance) => {
    const html = 'text/html; charset=utf-8';
    scope.get('/settings', async (request, reply) => {
      const settings = await deps.repo.shopSettings();
      const saved = (request.query as Record<string, unknown>).saved !== undefined;
      const form: SettingsForm = { values: formOf(settings), courierRows: settings.couriers.length + 1, errors: {} };
      return reply.type(html).send(drawSettingsPage(request, ownerLanguage(request), form, saved ? 'saved' : null));
    });

    scope.post('/settings', async (request, reply) => {
      const values = fieldsOf(request);
      const rows: number[] = [];
      for (let i = 0; i < MAX_COURIER_ROWS; i++) if ((values[`courier_name_${i}`] ?? '').trim()) rows.push(i);
      const input = {
        name: values.name ?? '',
        phone: values.phone ?? '',
        email: values.email ?? '',
        free_shipping_from: values.free_shipping_from ?? '',
        instalments: { name: values.instalments_name ?? '', min: values.instalments_min ?? '', max: values.instalments_max ?? '', link: values.instalments_link ?? '' },
        couriers: rows.map((i) => ({ name: values[`courier_name_${i}`], group: values[`courier_group_${i}`], cost: values[`courier_cost_${i}`] ?? '', days: values[`courier_days_${i}`] ?? '' })),
        banners: { discount_code: (values.discount_code ?? '').trim().toUpperCase(), discount_percent: values.discount_percent ?? '' },
      };
      const before = await deps.repo.shopSettings();
      // Every field is the form's: an empty one is an error, not "keep the old value".
      const required = ['name', 'phone', 'email', 'free_shipping_from', 'instalments_name', 'instalments_min', 'instalments_max', 'instalments_link', 'discount_percent'];
      const errors: SettingsForm['errors'] = {};
      for (const key of required) if (!(values[key] ?? '').trim()) errors[key] = 'required';
      const checked = checkShopSettings(input, before);
      for (const error of checked.errors) {
        const courier = /^couriers\[(\d+)\]\.(\w+)$/.exec(error.field);
        const key = courier ? `courier_${courier[2]}_${rows[Number(courier[1])]}` : error.field.replace('instalments.', 'instalments_').replace('banners.', '');
        errors[key] ??= errorKey(error);
      }
      if (!rows.length) errors.couriers = 'prepaidNeeded';
      if (Object.keys(errors).length || !checked.settings) {
        const form: SettingsForm = { values, courierRows: Math.min(MAX_COURIER_ROWS, Math.max(rows.length ? rows[rows.length - 1] + 2 : 1, before.couriers.length + 1)), errors };
        return reply.code(400).type(html).send(drawSettingsPage(request, ownerLanguage(request), form, 'invalid'));
      }
      await deps.repo.saveShopSettings(checked.settings);
      const changed = changedSettings(before, checked.settings);
      await recordAudit(deps, { ownerId: request.owner!.id, action: 'settings.change', subject: 'shop', detail: changed.join('; ') || 'unchanged' });
      return reply.code(303).header('Location', '/admin/settings?saved').send();
    });
  };
}

/** What changed, for the audit: `field: old → new`. */
function changedSettings(before: ShopSettings, after: ShopSettings): string[] {
  const flat = (settings: ShopSettings): Record<string, string> => ({
    name: settings.name,
    phone: settings.phone,
    email: settings.email,
    free_shipping_from: String(settings.freeShippingFrom),
    instalments: JSON.stringify(settings.instalments),
    couriers: settings.couriers.map((c) => `${c.name} ${c.group} ${c.cost} ${c.days}d`).join(', '),
    banners: JSON.stringify(settings.banners),
  });
  const a = flat(before);
  const b = flat(after);
  return Object.keys(a)
    .filter((key) => a[key] !== b[key])
    .map((key) => `${key}: ${a[key]} → ${b[key]}`);
}
