import type { FastifyInstance } from 'fastify';
import { drawNotFound } from '../render/admin/simplePages';
import { firstScreenRoutes } from './firstScreen';
import { ownerLanguage, registerOwnerArea, type OwnerDeps } from './guard';
import { securityRoutes } from './securityRoutes';
import { signInRoutes } from './signInRoutes';

/**
 * The back office's own routes (issue 36): sign-in and sign-out, the first screen, the owner's
 * security page (the second factor), the audit log, and an
 * admin "not found" for any other GET under /admin/ (behind the guard like the rest). The
 * sections (orders, products, imports, messages, settings) register theirs with
 * `registerOwnerArea` beside these (server/app.ts).
 */
export async function registerOwnerRoutes(app: FastifyInstance, deps: OwnerDeps): Promise<void> {
  await registerOwnerArea(app, deps, (scope) => {
    signInRoutes(deps)(scope);
    firstScreenRoutes(scope);
    securityRoutes(deps)(scope);
    scope.get('/*', async (request, reply) => reply.code(404).type('text/html; charset=utf-8').send(drawNotFound(request, ownerLanguage(request))));
  });
}
