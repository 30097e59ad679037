import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ShopRepository } from '../db/repository';
import { BadRequest, sendError } from '../http';
import type { PriceSetting } from '../priceType';
import { isLanguage } from '../../src/i18n/runtime';
import { couriersFor, place, readCheckoutForm, review, type CheckoutContext } from '../orders/checkout';
import { countOrder } from '../metrics';
import type { PlaceAnswer } from '../../src/api/checkoutWire';

/** The checkout calls' actions. */
const ACTIONS = ['couriers', 'review', 'place'] as const;

/** The checkout context of a request: its visitor, the language it names (`lang`, default Italian), the shop's price type. */
export function checkoutContext(request: FastifyRequest, repo: ShopRepository, priceSetting: PriceSetting | undefined, language: string): CheckoutContext {
  return { repo, visitorId: request.visitorId, language, priceType: priceSetting?.priceType ?? 'gross' };
}

/** Counts a place's outcome in the metrics (no personal data: the result and a reason code). */
export function countPlaced(answer: PlaceAnswer, repeated: boolean): void {
  if (answer.status === 'placed') countOrder(repeated ? 'repeated' : 'placed');
  else if (answer.status === 'refused') countOrder('refused', answer.code);
  else countOrder(answer.status);
}

/**
 * POST /ajax/checkout.php?action=couriers|review|place (ours, issue 32): the storefront's checkout
 * calls. Same-site only (server/security.ts), counted against the visitor's and the address's write
 * budgets (server/limits.ts), the body bounded; every answer is private (no-store). A form the
 * server refuses answers 422 with the fields' errors; a refused order 409 with its reason; amounts
 * that moved since the review 409 with the new quote and what changed.
 */
export function checkoutRoutes(app: FastifyInstance, repo: ShopRepository, priceSetting?: PriceSetting): void {
  app.post('/ajax/checkout.php', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const query = request.query as Record<string, unknown>;
    const action = query.action;
    if (typeof action !== 'string' || !(ACTIONS as readonly string[]).includes(action)) throw new BadRequest('invalid_parameter', 'Parameter action must be couriers, review or place');
    if (!request.body || typeof request.body !== 'object' || Array.isArray(request.body)) throw new BadRequest('invalid_body', 'The body must be the checkout form (JSON or form fields)');
    const body = request.body as Record<string, unknown>;
    const language = typeof body.lang === 'string' && isLanguage(body.lang) ? body.lang : 'it';
    const ctx = checkoutContext(request, repo, priceSetting, language);
    const form = readCheckoutForm(body);
    if (action === 'couriers') return couriersFor(ctx, form);
    if (action === 'review') {
      const answer = await review(ctx, form);
      if (answer.status === 'invalid') reply.code(422);
      return answer;
    }
    const { answer, repeated } = await place(ctx, form);
    countPlaced(answer, repeated);
    if (answer.status === 'invalid') reply.code(422);
    if (answer.status === 'changed') reply.code(409);
    if (answer.status === 'refused') return sendError(reply, answer.code === 'invalid_key' ? 400 : 409, answer.code, answer.message, answer.params);
    return answer;
  });
}
