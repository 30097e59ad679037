import type { FastifyInstance } from 'fastify';
import { LOW_STOCK_MARK } from '../orders/orderAdmin';
import { drawOwnerHome } from '../render/admin/orders';
import { type OwnerDeps } from './guard';
import { viewOf } from './orderRoutes';

/**
 * GET /admin/ once signed in: the first screen (issue 36, point 6): today's orders and their
 * worth, the orders waiting for payment or shipping, and the sizes at or below the low-stock mark.
 * Without a session the guard answers the same address with the sign-in form.
 */
export function firstScreenRoutes(scope: FastifyInstance, deps: OwnerDeps): void {
  scope.get('/', async (request, reply) => {
    const dashboard = await deps.repo.ownerDashboard({ now: deps.now(), lowStockMark: LOW_STOCK_MARK });
    return reply.type('text/html; charset=utf-8').send(drawOwnerHome(viewOf(request), dashboard));
  });
}
