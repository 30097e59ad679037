import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CatalogueChanges } from '../catalogueChanges';
import type { Mailer } from '../messages/mailer';
import { answerRestockedNotices } from '../messages/notify';
import { drawProductEdit, drawProductSearch, productFormOf, type ProductForm } from '../render/admin/products';
import { drawNotFound } from '../render/admin/simplePages';
import { recordAudit } from './audit';
import { ownerLanguage, type OwnerDeps } from './guard';
import { changeProductSteps, findProducts, forgetNotice, pricesFrom, productForEdit, SIZE_STATUSES, type SizeChange, type SizeStatus } from './productChanges';

export interface ProductRouteDeps extends OwnerDeps {
  /** This process's catalogue changes (server/catalogueChanges.ts): its own pages go at once. */
  changes: CatalogueChanges | null;
  /** "Back in stock" mails (SMTP_URL); null: the notices wait for `npm run messages`. */
  mailer: Mailer | null;
}

/** A euro amount the owner typed (`24,90`, `24.9`) in cents, or null. */
export function typedCents(text: string | undefined): number | null {
  const value = (text ?? '').trim().replace(',', '.');
  if (!/^\d{1,7}(?:\.\d{1,2})?$/.test(value)) return null;
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

function fieldsOf(request: FastifyRequest): Record<string, string> {
  const body = request.body as Record<string, unknown> | undefined;
  const values: Record<string, string> = {};
  if (!body || typeof body !== 'object') return values;
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string' && key !== '_csrf') values[key] = value.slice(0, 100);
  return values;
}

/**
 * Products, stock and prices in the back office (issue 36, point 3): find a product by name, code
 * or number; change each size's price (gross or net: the other follows the VAT rate, in integer
 * cents), stock and availability. The change goes the catalogue's write path (every server drops
 * the product's pages), a size back in stock mails its notices, and each change is audited.
 */
export function productRoutes(deps: ProductRouteDeps) {
  const repo = deps.repo;
  return (scope: FastifyInstance) => {
    const html = 'text/html; charset=utf-8';
    scope.get('/products', async (request, reply) => {
      const raw = (request.query as Record<string, unknown>).q;
      const query = typeof raw === 'string' ? raw.slice(0, 100) : '';
      const found = query.trim() ? await repo.readSteps(findProducts(repo.sqlDialect, query)) : null;
      return reply.type(html).send(drawProductSearch(request, ownerLanguage(request), query, found));
    });

    const productId = (request: FastifyRequest): number | null => {
      const id = Number((request.params as { id: string }).id);
      return Number.isInteger(id) && id > 0 && id < 2_000_000_000 ? id : null;
    };

    scope.get('/products/:id', async (request, reply) => {
      const id = productId(request);
      const product = id === null ? null : await repo.readSteps(productForEdit(repo.sqlDialect, id));
      if (!product) return reply.code(404).type(html).send(drawNotFound(request, ownerLanguage(request)));
      const query = request.query as Record<string, unknown>;
      const mailed = Number(query.mailed);
      return reply.type(html).send(drawProductEdit(request, ownerLanguage(request), product, productFormOf(product), { saved: query.saved !== undefined, mailed: Number.isInteger(mailed) ? mailed : 0 }));
    });

    scope.post('/products/:id', async (request, reply) => {
      const id = productId(request);
      const product = id === null ? null : await repo.readSteps(productForEdit(repo.sqlDialect, id));
      if (!product || id === null) return reply.code(404).type(html).send(drawNotFound(request, ownerLanguage(request)));
      const values = fieldsOf(request);
      const errors: ProductForm['errors'] = {};
      const changes: SizeChange[] = [];
      product.sizes.forEach((size, i) => {
        if (values[`size_${i}`] !== size.sizeId) return; // the form was drawn for other sizes: this one stays
        const gross = typedCents(values[`gross_${i}`]);
        const net = typedCents(values[`net_${i}`]);
        if (gross === null) errors[`gross_${i}`] = values[`gross_${i}`]?.trim() ? 'amount' : 'required';
        if (net === null) errors[`net_${i}`] = values[`net_${i}`]?.trim() ? 'amount' : 'required';
        const stockText = (values[`stock_${i}`] ?? '').trim();
        const stock = /^-?\d{1,7}$/.test(stockText) ? Number(stockText) : NaN;
        if (!(stock >= -1)) errors[`stock_${i}`] = stockText ? 'whole' : 'required';
        const status = values[`status_${i}`] as SizeStatus;
        if (!SIZE_STATUSES.includes(status)) errors[`status_${i}`] = 'status';
        if (gross === null || net === null || !(stock >= -1) || !SIZE_STATUSES.includes(status)) return;
        // The price the owner typed decides; the other follows the product's VAT rate.
        const grossTyped = gross !== typedCents(values[`was_gross_${i}`]);
        const netTyped = net !== typedCents(values[`was_net_${i}`]);
        const prices = grossTyped ? pricesFrom('gross', gross, product.vat) : netTyped ? pricesFrom('net', net, product.vat) : { grossCents: size.grossCents, netCents: size.netCents };
        if (prices.grossCents <= 0) errors[grossTyped || !netTyped ? `gross_${i}` : `net_${i}`] = 'positive';
        changes.push({ sizeId: size.sizeId, ...prices, stock, status });
      });
      if (Object.keys(errors).length) {
        return reply.code(400).type(html).send(drawProductEdit(request, ownerLanguage(request), product, { values, errors }, { invalid: true }));
      }
      const today = deps.now().toISOString().slice(0, 10);
      const result = await repo.transactionSteps(() => changeProductSteps(repo.sqlDialect, id, changes, today));
      if (!result) return reply.code(404).type(html).send(drawNotFound(request, ownerLanguage(request)));
      let mailed = 0;
      if (result.changes.length) {
        // This process's pages of the product go now; the others' as they read the change log.
        await deps.changes?.drop([id]);
        await recordAudit(deps, { ownerId: request.owner!.id, action: 'product.change', subject: `product ${id}`, detail: result.changes.join('; ') });
        if (result.restocked.length && deps.mailer) {
          const answered = await answerRestockedNotices({ forget: (notice) => repo.transactionSteps(() => forgetNotice(repo.sqlDialect, notice)) }, result.restocked, { mailer: deps.mailer, origin: deps.mailer.origin });
          mailed = answered.sent;
        }
      }
      return reply.code(303).header('Location', `/admin/products/${id}?saved${mailed ? `&mailed=${mailed}` : ''}`).send();
    });
  };
}
