import type { FastifyInstance } from 'fastify';
import { sendError } from '../http';
import type { OwnerDeps } from './guard';
import { hashPassword } from './passwords';

/**
 * For tests only (SHOP_TEST_HOOKS=1 / buildApp({ testHooks })): `POST /__test/owner` { email,
 * password, totpSecret? } creates (or resets) an owner as `npm run owner:add` does, with the
 * second factor already on when a secret is given (test/support/ownerSession.ts).
 */
export function registerOwnerTestHooks(app: FastifyInstance, deps: OwnerDeps): void {
  app.post('/__test/owner', async (request, reply) => {
    const body = request.body as { email?: unknown; password?: unknown; totpSecret?: unknown } | undefined;
    if (typeof body?.email !== 'string' || typeof body.password !== 'string') return sendError(reply, 400, 'invalid_owner', 'Give { email, password, totpSecret? }');
    const { id } = await deps.store.saveOwner(body.email, await hashPassword(body.password), deps.now());
    await deps.store.setSecondFactor(id, typeof body.totpSecret === 'string' ? { secret: body.totpSecret, step: 0, recoveryHashes: [] } : null);
    return { id };
  });
}
