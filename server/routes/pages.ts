import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ShopRepository } from '../db/repository';
import { contentSecurityPolicy, newNonce } from '../security';
import { cmsPageRoutes } from './cmsPages';
import { listingData } from './search';

/**
 * The storefront's pages: every page route answers the built index.html, with a fresh nonce
 * on each of its script tags and the matching Content-Security-Policy.
 */
export function pageRoutes(app: FastifyInstance, repo: ShopRepository, staticDir: string): void {
  const indexPath = join(staticDir, 'index.html');
  let cached: { mtimeMs: number; html: string } | null = null;
  const template = (): string | null => {
    try {
      const { mtimeMs } = statSync(indexPath);
      if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(indexPath, 'utf8') };
      return cached.html;
    } catch {
      return null;
    }
  };

  const sendPage = (reply: FastifyReply, status = 200) => {
    const html = template();
    if (html === null) {
      return reply.code(503).type('text/plain; charset=utf-8').send('The storefront is not built yet: run `npm run build` (or `npm start`, which builds it).');
    }
    const nonce = newNonce();
    return reply
      .code(status)
      .header('Content-Security-Policy', contentSecurityPolicy(nonce))
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html.replace(/<script(?=[\s>])/g, `<script nonce="${nonce}"`));
  };

  for (const path of ['/', '/main.php', '/basketedit.php', '/brakes.php', '/contact.php']) app.get(path, async (_request, reply) => sendPage(reply));
  cmsPageRoutes(app, repo, sendPage);
  app.get('/noproduct.php', async (_request, reply) => sendPage(reply, 404));
  app.get('/search.php', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    if (query.json === 'true') {
      reply.header('Cache-Control', 'no-store');
      return listingData(repo, query);
    }
    return sendPage(reply);
  });
  app.get('/product-:rest', async (request: FastifyRequest, reply) => {
    const match = /^(\d{1,9})-[a-z0-9-]*\.html$/.exec((request.params as { rest: string }).rest);
    return sendPage(reply, match && await repo.productExists(Number(match[1])) ? 200 : 404);
  });

  app.get('/favicon.svg', async (_request, reply) => {
    try {
      return reply.header('Cache-Control', 'public, max-age=86400').type('image/svg+xml').send(readFileSync(join(staticDir, 'favicon.svg')));
    } catch {
      return reply.code(404).send({ error: { code: 'not_found', message: 'No favicon in the build' } });
    }
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (request.method === 'GET' && (request.headers.accept ?? '').includes('text/html')) return sendPage(reply, 404);
    return reply.code(404).send({ error: { code: 'not_found', message: `No such address: ${request.method} ${request.url.split('?')[0]}` } });
  });
}
