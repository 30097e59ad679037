import type { FastifyInstance } from 'fastify';
import type { BasketChangeResponse, BasketResponse } from '../../src/api/wire';
import { ONE_SIZE, SUBSCRIPTION_ADDITIONAL, TRACKING_EVENTS_HEADER } from '../../src/api/wire';
import type { ShopRepository } from '../db/repository';
import { inLanguage, requestLanguage } from '../catalogueLanguage';
import type { Language } from '../../src/i18n/runtime';
import { BadRequest, oneOf, optionalId, optionalSizeId, optionalText, requiredId, requiredQuantity, sendError } from '../http';

type Body = Record<string, unknown> | undefined;

export function basketRoutes(app: FastifyInstance, repo: ShopRepository): void {
  // The lines named in the page's language (`lang`, issue 34).
  const basketAnswer = async (visitorId: string, language: Language = 'it'): Promise<BasketResponse> => ({
    basket: await inLanguage(repo, language).basket(visitorId),
    user: { id: null, logged: false },
  });

  app.get('/ajax/basket.php', { config: { visitor: true } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return basketAnswer(request.visitorId, requestLanguage(request));
  });

  /**
   * POST /basketchange.php?mode=1: add (mode 1) or set (mode 2) a line. The fields may come
   * in the form body (the product form) or the query string.
   */
  app.post('/basketchange.php', async (request, reply) => {
    const body = { ...(request.query as Body), ...(typeof request.body === 'object' ? (request.body as Body) : {}) };
    const mode = oneOf(body, 'mode', ['1', '2'] as const) ?? '1';
    const productId = requiredId(body, 'product');
    const sizeId = optionalSizeId(body, 'size') ?? ONE_SIZE;
    const quantity = requiredQuantity(body, 'number', mode === '2');
    const subscription = oneOf(body, 'subscription', ['0', '1'] as const) === '1';
    const additional = subscription ? SUBSCRIPTION_ADDITIONAL : (optionalText(body, 'additional', 64) ?? '');
    if (!/^[a-f0-9]*$/.test(additional)) throw new BadRequest('invalid_parameter', 'Parameter additional is not a variant hash');
    // The vehicle chosen when the line is added (issue 25, ours): its engine id and the label the shopper reads.
    const vehicleEngine = optionalId(body, 'vehicle');
    const vehicleLabel = optionalText(body, 'vehicle_label', 120)?.replace(/\s+/g, ' ').trim();
    if (vehicleEngine !== undefined && !vehicleLabel) throw new BadRequest('missing_parameter', 'Parameter vehicle_label is required with vehicle');
    const vehicle = vehicleEngine !== undefined && vehicleLabel ? { engineId: vehicleEngine, label: vehicleLabel } : undefined;
    const result = await repo.changeBasket(request.visitorId, { mode: mode === '1' ? 'add' : 'set', productId, sizeId, quantity, additional, ...(vehicle ? { vehicle } : {}) });
    if (!result.ok) return sendError(reply, result.status, result.code, result.message, result.params);
    const pending = result.pendingTracking ?? (await repo.pendingTrackingEvents(request.visitorId));
    if (pending > 0) reply.header(TRACKING_EVENTS_HEADER, String(pending));
    reply.header('Cache-Control', 'no-store');
    // The basket after the change came with it (no second read).
    const answer: BasketChangeResponse = { status: 'ok', basket: result.basket };
    return answer;
  });

  /** Fired by the storefront after an add (the platform's return hook): nothing to change here. */
  app.get('/return.php', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });
}
