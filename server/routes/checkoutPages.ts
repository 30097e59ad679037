import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RootState } from '../../store';
import { initialCheckout, type CheckoutState } from '../../store/checkoutSlice';
import type { Language } from '../../src/i18n/runtime';
import type { ShopRepository } from '../db/repository';
import { couriersFor, isOrderToken, newToken, orderView, place, readCheckoutForm, review, type CheckoutContext } from '../orders/checkout';
import { countPlaced } from './checkout';

type SendPage = (request: FastifyRequest, reply: FastifyReply, status?: number, extra?: (language: Language) => Promise<Partial<RootState> | null>) => Promise<FastifyReply>;

/**
 * The checkout's pages (issue 32), drawn by the server like every page and never kept by any
 * cache: GET /checkout.php (the form, with a fresh checkout key), POST /checkout.php (the plain
 * form without JavaScript: `step` review, place or edit; the answer is the page drawn again with
 * the errors, the review, or a 303 to the order's page), and GET /order/<token> (the order's
 * confirmation, at an address only the shopper has). Each in Italian and under /pl/ and /en/.
 */
export function checkoutPageRoutes(app: FastifyInstance, repo: ShopRepository, sendPage: SendPage, priceType: () => 'net' | 'gross'): void {
  const context = (request: FastifyRequest, language: Language): CheckoutContext => ({ repo, visitorId: request.visitorId, language, priceType: priceType() });
  const drawn = (checkout: Partial<CheckoutState>): Partial<RootState> => ({ checkout: { ...initialCheckout, ...checkout } });

  for (const prefix of ['', '/pl', '/en']) {
    app.get(`${prefix}/checkout.php`, (request, reply) =>
      sendPage(request, reply, 200, async (language) => {
        const form = { ...initialCheckout.form, key: newToken() };
        return drawn({ form, couriers: await couriersFor(context(request, language), form) });
      }),
    );

    app.post(`${prefix}/checkout.php`, async (request, reply) => {
      const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};
      const form = readCheckoutForm(body);
      if (!form.key) form.key = newToken();
      const step = body.step === 'place' ? 'place' : body.step === 'edit' ? 'edit' : 'review';
      const language = (prefix.slice(1) || 'it') as Language;
      const ctx = context(request, language);
      const couriers = await couriersFor(ctx, form);
      let status = 200;
      let state: Partial<RootState>;
      if (step === 'edit') state = drawn({ form, couriers });
      else if (step === 'review') {
        const reviewed = await review(ctx, form);
        if (reviewed.status === 'review') state = drawn({ view: 'review', form: { ...form, quote: reviewed.quote.fingerprint }, couriers, quote: reviewed.quote });
        else {
          status = 422;
          state = drawn({ form, couriers, errors: reviewed.errors });
        }
      } else {
        const placed = await place(ctx, form);
        countPlaced(placed.answer, placed.repeated);
        const result = placed.answer;
        // Placed: the order's own page (a reload of it never posts the order again).
        if (result.status === 'placed') return reply.code(303).header('Cache-Control', 'no-store').redirect(result.order.link, 303);
        if (result.status === 'changed') {
          status = 409;
          state = drawn({ view: 'review', form: { ...form, quote: result.quote.fingerprint }, couriers, quote: result.quote, changes: result.changes });
        } else if (result.status === 'invalid') {
          status = 422;
          state = drawn({ form, couriers, errors: result.errors });
        } else {
          status = 409;
          // A refusal: the review again when there is one to show, else the form, with the reason.
          const again = await review(ctx, form);
          const refusal = { code: result.code, ...(result.params ? { params: result.params } : {}) };
          state = again.status === 'review' ? drawn({ view: 'review', form: { ...form, quote: again.quote.fingerprint }, couriers, quote: again.quote, refusal }) : drawn({ form, couriers, refusal });
        }
      }
      return sendPage(request, reply, status, async () => state);
    });

    app.get(`${prefix}/order/:token`, (request, reply) =>
      sendPage(request, reply, 200, async () => {
        const token = (request.params as { token: string }).token;
        const order = isOrderToken(token) ? await repo.orderByToken(token) : null;
        return order ? drawn({ view: 'order', order: orderView(order) }) : null;
      }),
    );
  }
}
