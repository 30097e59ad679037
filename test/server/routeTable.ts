import type { FastifyInstance } from 'fastify';

/**
 * Every route the server declares as "METHOD /full/path", read from Fastify's own table
 * (`printRoutes`): each printed node's label continues its parent's path. HEAD is left out
 * (Fastify answers it as the GET).
 */
export function routeTable(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([\s│]*)[└├]── (\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack[depth] = match[2];
    if (!match[3]) continue;
    const path = stack.join('');
    for (const method of match[3].split(', ')) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return [...new Set(routes)].sort();
}
