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
import { limitsFromEnv, registerLimits, serverTimeouts, trustProxyFromEnv, type ShopLimits } from './limits';
import { registerTestHooks, withTestOverrides } from './testHooks';
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
import { seoRoutes } from './routes/seo';
import { defaultExtraScriptsDir, extraScriptNames, extraScriptRoutes } from './extraScripts';
import mercurius from 'mercurius';
import { schema } from './graphql/schema';
import { resolvers } from './graphql/resolvers';
import { GRAPHQL_LIMITS, graphqlParseOptions, registerGraphqlCost } from './graphql/cost';

export interface AppOptions {
  /** The shop's storage (see server/db/openRepository.ts). */
  repository?: ShopRepository;
  /** An open SQLite database, when no `repository` is given. */
  db?: Database.Database;
  /** The built storefront (index.html + assets/); default ./dist. */
  staticDir?: string;
  /** Structured JSON logs (pino) at this level; off when unset or 'silent'. */
  logLevel?: LogLevel;
  /** Fault-injection routes for browser tests. */
  testHooks?: boolean;
  /** Rate limits and timeouts (default: from the environment, see server/limits.ts). */
  limits?: ShopLimits;
  /** The proxies whose X-Forwarded-* headers are read (default: TRUST_PROXY, see server/limits.ts). */
  trustProxy?: false | string[];
  /** The extra scripts' names (default: EXTRA_SCRIPTS, see server/extraScripts.ts) and their directory (default: EXTRA_SCRIPTS_DIR or ./public/gfx/extra). */
  extraScripts?: readonly string[];
  extraScriptsDir?: string;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const limits = options.limits ?? limitsFromEnv();
  const trustProxy = options.trustProxy ?? trustProxyFromEnv(process.env.TRUST_PROXY);
  const extraScripts = options.extraScripts ?? extraScriptNames(process.env.EXTRA_SCRIPTS);
  const storage: ShopRepository | undefined = options.repository ?? (options.db ? new SqliteShopRepository(options.db) : undefined);
  if (!storage) throw new Error('buildApp needs a repository (or a SQLite db)');
  // Text search answers from a short-lived cache of result sets per folded query (any backend).
  const cached: ShopRepository = withSearchCache(storage);
  const testOverrides = new Map();
  const repo: ShopRepository = options.testHooks ? withTestOverrides(cached, testOverrides) : cached;
  const app = Fastify({
    bodyLimit: 64 * 1024,
    trustProxy,
    ...serverTimeouts(limits),
    // Operations (issue 16): JSON logs with a request id per request, see server/operations.ts.
    logger: loggerOptions(options.logLevel),
    genReqId: requestId,
    logController: new LogController({ disableRequestLogging: true }),
  });
  const staticDir = options.staticDir ?? join(process.cwd(), 'dist');

  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { bodyLimit: 64 * 1024 });
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  registerSecurity(app);
  registerVisitor(app);
  registerOperations(app, repo);
  const throttle = await registerLimits(app, limits);
  if (options.testHooks) registerTestHooks(app, testOverrides);

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
    queryDepth: GRAPHQL_LIMITS.maxDepth,
    graphql: { parseOptions: graphqlParseOptions },
    context: (request) => ({ visitorId: request.visitorId }),
  });
  registerGraphqlCost(app);
  throttle.graphql();

  basketRoutes(app, repo);
  shopDataRoutes(app, repo);
  searchRoutes(app, repo);
  projectorRoutes(app, repo);
  imageRoutes(app, repo);
  contentRoutes(app, repo);
  contactRoutes(app, repo);
  seoRoutes(app, repo);
  extraScriptRoutes(app, extraScripts, options.extraScriptsDir ?? (process.env.EXTRA_SCRIPTS_DIR || defaultExtraScriptsDir()));
  pageRoutes(app, repo, staticDir, { extraScripts });

  return app;
}
