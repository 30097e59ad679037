import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import fastifyCompress from '@fastify/compress';
import type Database from 'better-sqlite3';
import { join } from 'node:path';
import { SqliteShopRepository } from './db/sqliteRepository';
import type { ShopRepository } from './db/repository';
import { BadRequest, sendError } from './http';
import { registerSecurity } from './security';
import { registerVisitor } from './visitor';
import { registerTestHooks } from './testHooks';
import { loggerOptions, registerOperations, requestId, type LogLevel } from './operations';
import { withSearchCache } from './db/searchCache';
import { basketRoutes } from './routes/basket';
import { shopDataRoutes } from './routes/shopData';
import { searchRoutes } from './routes/search';
import { projectorRoutes } from './routes/projector';
import { imageRoutes } from './routes/images';
import { pageRoutes } from './routes/pages';
import { contentRoutes } from './routes/content';
import { contactRoutes } from './routes/contact';
import mercurius from 'mercurius';
import { schema } from './graphql/schema';
import { resolvers } from './graphql/resolvers';

export interface AppOptions {
  db: Database.Database;
  /** The built storefront (index.html + assets/); default ./dist. */
  staticDir?: string;
  /** Structured JSON logs (pino) at this level; off when unset or 'silent'. */
  logLevel?: LogLevel;
  /** Fault-injection routes for browser tests. */
  testHooks?: boolean;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: 64 * 1024,
    trustProxy: false,
    // Operations (issue 16): JSON logs with a request id per request, see server/operations.ts.
    logger: loggerOptions(options.logLevel),
    genReqId: requestId,
    logController: new LogController({ disableRequestLogging: true }),
  });
  // Text search answers from a short-lived cache of result sets per folded query (any backend).
  const repo: ShopRepository = withSearchCache(new SqliteShopRepository(options.db));
  const staticDir = options.staticDir ?? join(process.cwd(), 'dist');

  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { bodyLimit: 64 * 1024 });
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  registerSecurity(app);
  registerVisitor(app);
  registerOperations(app, repo);
  if (options.testHooks) registerTestHooks(app);

  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error instanceof BadRequest) return sendError(reply, error.status, error.code, error.message);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendError(reply, status, error.code?.toLowerCase() ?? 'bad_request', error.message);
    app.log.error(error);
    return sendError(reply, 500, 'internal_error', 'Something went wrong on our side');
  });

  await app.register(fastifyStatic, {
    root: join(staticDir, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    cacheControl: true,
  });

  await app.register(mercurius, {
    schema,
    resolvers: resolvers(repo),
    path: '/graphql/v1/',
    graphiql: false,
    // A query seen 5 times is compiled (graphql-jit): the brake query's 50 products cost a few ms
    // less; a one-off live-search text (the storefront writes it into the query) is never compiled.
    jit: 5,
    queryDepth: 8,
    context: (request) => ({ visitorId: request.visitorId }),
  });

  basketRoutes(app, repo);
  shopDataRoutes(app, repo);
  searchRoutes(app, repo);
  projectorRoutes(app, repo);
  imageRoutes(app, repo);
  contentRoutes(app, repo);
  contactRoutes(app, repo);
  pageRoutes(app, repo, staticDir);

  return app;
}
