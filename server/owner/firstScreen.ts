import type { FastifyInstance } from 'fastify';
import { drawFirstScreen } from '../render/admin/simplePages';
import { ownerLanguage } from './guard';

/**
 * GET /admin/ once signed in: the first screen (the orders' part fills it with today's orders,
 * what waits for payment or shipping and the low stock). Without a session the guard answers the
 * same address with the sign-in form.
 */
export function firstScreenRoutes(scope: FastifyInstance): void {
  scope.get('/', async (request, reply) => reply.type('text/html; charset=utf-8').send(drawFirstScreen(request, ownerLanguage(request))));
}
