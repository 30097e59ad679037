import type { FastifyInstance } from 'fastify';
import { sendError } from './http';

interface Fault {
  mode: 'fail' | 'delay';
  ms: number;
  /** How many requests it still applies to; Infinity when not given. */
  remaining: number;
}

/**
 * Fault injection for browser tests (only with SHOP_TEST_HOOKS=1): make an endpoint fail or
 * slow down on purpose, to see the storefront's error texts and fallbacks.
 */
export function registerTestHooks(app: FastifyInstance): void {
  const faults = new Map<string, Fault>();
  app.post('/__test/faults', async (request, reply) => {
    const body = request.body as { path?: unknown; mode?: unknown; ms?: unknown; times?: unknown } | undefined;
    if (typeof body?.path !== 'string' || (body.mode !== 'fail' && body.mode !== 'delay')) {
      return sendError(reply, 400, 'invalid_fault', 'Give { path, mode: "fail" | "delay", ms?, times? }');
    }
    faults.set(body.path, { mode: body.mode, ms: typeof body.ms === 'number' ? body.ms : 0, remaining: typeof body.times === 'number' ? body.times : Infinity });
    return { status: 'ok' };
  });
  app.delete('/__test/faults', async () => {
    faults.clear();
    return { status: 'ok' };
  });
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0];
    const fault = faults.get(path);
    if (!fault || path.startsWith('/__test/')) return;
    if (--fault.remaining <= 0) faults.delete(path);
    if (fault.mode === 'delay') await new Promise((resolve) => setTimeout(resolve, fault.ms));
    else return sendError(reply, 500, 'test_fault', 'Fault injected by a test');
  });
}
