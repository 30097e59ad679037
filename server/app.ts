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
import { pictureOriginsFromEnv, registerSecurity } from './security';
import { checkoutRoutes } from './routes/checkout';
import { registerVisitor } from './visitor';
import { boundConnectionsPerAddress, limitsFromEnv, registerLimits, serverTimeouts, trustProxyFromEnv, type ShopLimits } from './limits';
import { memoryCounters, type CounterStore } from './counters';
import { ownerDeps, registerOwnerArea } from './owner/guard';
import { registerOwnerRoutes } from './owner/area';
import { orderRoutes } from './owner/orderRoutes';
import { messageRoutes } from './owner/messageRoutes';
import { settingsRoutes } from './owner/settingsRoutes';
import { productRoutes } from './owner/productRoutes';
import { importRoutes } from './owner/importRoutes';
import { registerOwnerTestHooks } from './owner/testOwners';
import { registerTestHooks, withTestOverrides } from './testHooks';
import { loggerOptions, registerOperations, requestId, type LogLevel } from './operations';
import { withSearchCache } from './db/searchCache';
import { mailerFromEnv, withMail, type Mailer } from './messages/mailer';
import { registerMetrics, type MetricsOptions } from './metrics';
import { basketRoutes } from './routes/basket';
import { shopDataRoutes } from './routes/shopData';
import { searchRoutes } from './routes/search';
import { projectorRoutes } from './routes/projector';
import { fitmentRoutes } from './routes/fitment';
import { imageRoutes } from './routes/images';
import { photoCacheDirFromEnv } from './images/productPhotos';
import { pageRoutes } from './routes/pages';
import { contentRoutes } from './routes/content';
import { contactRoutes } from './routes/contact';
import { seoRoutes } from './routes/seo';
import { defaultExtraScriptsDir, extraScriptNames, extraScriptRoutes } from './extraScripts';
import { priceTypeFromEnv, withPriceType, type PriceSetting, type PriceType } from './priceType';
import mercurius, { type MercuriusOptions } from 'mercurius';
import { schema } from './graphql/schema';
import { resolvers } from './graphql/resolvers';
import { GRAPHQL_LIMITS, graphqlParseOptions, registerGraphqlCost } from './graphql/cost';
import { registerGraphqlGuard } from './graphql/guard';
import { RETRY_AFTER_S, storageFailure, unavailableMessage } from './db/faults';
import { PageCache, pageCacheBytesFromEnv } from './pageCache';
import { AnswerCache, answerCacheBytesFromEnv } from './answerCache';
import { purgeUrlsFromEnv, watchCatalogueChanges } from './catalogueChanges';
import { requestLanguageOrShop } from './catalogueLanguage';

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
  /** Where the throttles count (default: this process's memory; see server/counters.ts). */
  counters?: CounterStore;
  /** The proxies whose X-Forwarded-* headers are read (default: TRUST_PROXY, see server/limits.ts). */
  trustProxy?: false | string[];
  /** The extra scripts' names (default: EXTRA_SCRIPTS, see server/extraScripts.ts) and their directory (default: EXTRA_SCRIPTS_DIR or ./public/gfx/extra). */
  extraScripts?: readonly string[];
  extraScriptsDir?: string;
  /** Contact messages and notice requests by e-mail (default: SMTP_URL, see server/messages/mailer.ts); null: none. */
  mailer?: Mailer | null;
  /** Who may read /metrics on this port (default: METRICS_ALLOW) and the database pool's use (see server/metrics.ts). */
  metricsAllow?: MetricsOptions['allow'];
  poolStats?: MetricsOptions['poolStats'];
  /** Bytes of rendered public pages kept in memory (default: PAGE_CACHE_MB, 32 MB; 0 turns it off). */
  pageCacheBytes?: number;
  /**
   * Bytes of public calls' JSON answers kept in memory (default: ANSWER_CACHE_MB, 16 MB; 0 turns
   * it off, and the keeping of listings and product pages read from the repository with it;
   * server/answerCache.ts, server/db/searchCache.ts).
   */
  answerCacheBytes?: number;
  /** Caches in front told of catalogue changes by an HTTP BAN (default: CACHE_PURGE_URLS). */
  purgeUrls?: readonly string[];
  /** Net or gross prices everywhere the shop shows a price (default: PRICE_TYPE, else gross; see server/priceType.ts). */
  priceType?: PriceType;
  /** Where product photos and their sizes are kept (default: PHOTO_CACHE_DIR, else $DATA_DIR/photos). */
  photoCacheDir?: string;
  /** Hosts an imported catalogue's pictures may come from, allowed by the pages' img-src (default: PICTURE_ORIGINS, see server/security.ts). */
  pictureOrigins?: readonly string[];
}

/**
 * A resolver's error that is not one of the shop's own answers (those carry extensions.code:
 * bad input, not found, limits) never shows its text to the client (a driver's message names the
 * database and its state): logged, and answered as an internal error.
 */
function hideInternalText(response: unknown, log?: { error(obj: unknown, msg: string): void }): void {
  const result = response as { errors?: Array<{ message: string; path?: unknown; locations?: unknown; extensions?: Record<string, unknown>; originalError?: unknown }> };
  result.errors = result.errors?.map((error) => {
    if (error.extensions?.code || (!error.originalError && !error.path)) return error;
    log?.error({ err: error.originalError ?? error.message }, 'GraphQL resolver failed');
    return { message: 'Something went wrong on our side', locations: error.locations, path: error.path, extensions: { code: 'INTERNAL_ERROR' } };
  });
}

/** mercurius' answers, but a resolver that met the database away is a 503 with Retry-After (issue 21). */
const graphqlErrorFormatter: NonNullable<MercuriusOptions['errorFormatter']> = (execution, context) => {
  const formatted = mercurius.defaultErrorFormatter(execution, context);
  const failure = execution.errors?.map((error) => storageFailure(error)).find((f) => f !== null);
  if (!failure) {
    hideInternalText(formatted.response, context.reply?.log);
    return formatted;
  }
  context.reply?.header('Retry-After', String(RETRY_AFTER_S));
  return {
    statusCode: 503,
    response: { data: null, errors: [{ message: unavailableMessage(failure), extensions: { code: 'DATABASE_UNAVAILABLE' } }] },
  };
};

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const limits = options.limits ?? limitsFromEnv();
  const trustProxy = options.trustProxy ?? trustProxyFromEnv(process.env.TRUST_PROXY);
  const extraScripts = options.extraScripts ?? extraScriptNames(process.env.EXTRA_SCRIPTS);
  const storage: ShopRepository | undefined = options.repository ?? (options.db ? new SqliteShopRepository(options.db) : undefined);
  if (!storage) throw new Error('buildApp needs a repository (or a SQLite db)');
  // Text search, brake products and vehicle pages answer from short-lived caches (any backend; server/db/searchCache.ts).
  const answerCacheBytes = options.answerCacheBytes ?? answerCacheBytesFromEnv(process.env.ANSWER_CACHE_MB);
  // Listings and product pages are kept with the answers built from them (both off together).
  const cached = withSearchCache(storage, { pageData: answerCacheBytes > 0 });
  const mailer = options.mailer === undefined ? mailerFromEnv() : options.mailer;
  let logMailFailure = (error: unknown, what: string) => console.error(`Could not e-mail ${what}:`, error);
  const mailed: ShopRepository = mailer ? withMail(cached, mailer, (error, what) => logMailFailure(error, what)) : cached;
  const testOverrides = new Map();
  const priceSetting: PriceSetting = { priceType: options.priceType ?? priceTypeFromEnv(process.env.PRICE_TYPE) };
  const priced = withPriceType(mailed, priceSetting);
  const repo: ShopRepository = options.testHooks ? withTestOverrides(priced, testOverrides) : priced;
  const pageCache = new PageCache({ maxBytes: options.pageCacheBytes ?? pageCacheBytesFromEnv(process.env.PAGE_CACHE_MB) });
  const answerCache = new AnswerCache({ maxBytes: answerCacheBytes });
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
  logMailFailure = (error, what) => app.log.error({ err: error }, `could not e-mail ${what}`);
  if (mailer && options.mailer === undefined) app.addHook('onClose', async () => mailer.close());
  boundConnectionsPerAddress(app, limits, trustProxy);

  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { bodyLimit: 64 * 1024 });
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  registerSecurity(app);
  registerGraphqlGuard(app);
  registerVisitor(app);
  registerOperations(app, repo);
  registerMetrics(app, { allow: options.metricsAllow, poolStats: options.poolStats });
  const counters = options.counters ?? memoryCounters();
  const throttle = await registerLimits(app, limits, counters);
  // Catalogue changes from any process or server drop the pages and answers drawn from the old values.
  const catalogue = watchCatalogueChanges(app, storage, { pageCache, clearAnswers: () => (cached.clearCaches(), answerCache.clear()), purgeUrls: options.purgeUrls ?? purgeUrlsFromEnv(process.env.CACHE_PURGE_URLS) });
  if (options.testHooks) registerTestHooks(app, testOverrides, { repo, catalogue }, priceSetting);
  // The back office (issue 36): owners, sessions, the audit log, under /admin/ behind one guard (server/owner/).
  const owner = ownerDeps(repo, counters, staticDir);
  if (options.testHooks) registerOwnerTestHooks(app, owner);

  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error instanceof BadRequest) return sendError(reply, error.status, error.code, error.message);
    // The database away, full or read-only: a clear 503 the client may retry, never a crash.
    const failure = storageFailure(error);
    if (failure) {
      app.log.warn({ err: error }, 'database unavailable');
      reply.header('Retry-After', String(RETRY_AFTER_S));
      return sendError(reply, 503, 'database_unavailable', unavailableMessage(failure));
    }
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
    errorFormatter: graphqlErrorFormatter,
    // A query that never reads the visitor (prices, shipping, search) gives no visitor cookie (issue 22).
    context: (request) => ({
      language: requestLanguageOrShop(request),
      get visitorId() {
        request.visitorTouched = true;
        return request.visitorId;
      },
    }),
  });
  registerGraphqlCost(app);
  throttle.graphql();

  basketRoutes(app, repo);
  shopDataRoutes(app, repo);
  searchRoutes(app, repo);
  projectorRoutes(app, repo, answerCache);
  fitmentRoutes(app, repo);
  imageRoutes(app, repo, { photoCacheDir: options.photoCacheDir ?? photoCacheDirFromEnv() });
  contentRoutes(app, repo);
  contactRoutes(app, repo);
  checkoutRoutes(app, repo, priceSetting);
  seoRoutes(app, repo);
  extraScriptRoutes(app, extraScripts, options.extraScriptsDir ?? (process.env.EXTRA_SCRIPTS_DIR || defaultExtraScriptsDir()));
  await registerOwnerRoutes(app, owner);
  // The back office's orders and messages (issue 36, points 2 and 5), the shop's settings and its
  // products, stock and prices (points 7 and 3) and catalogue imports (point 4), behind the same guard.
  await registerOwnerArea(app, owner, (scope) => {
    orderRoutes(owner, { mails: mailer !== null })(scope);
    messageRoutes(owner)(scope);
    settingsRoutes(owner)(scope);
    productRoutes({ ...owner, changes: catalogue, mailer })(scope);
    importRoutes({ ...owner, changes: catalogue, mailer })(scope);
  });
  pageRoutes(app, repo, staticDir, { extraScripts, pageCache, answerCache, priceSetting, pictureOrigins: options.pictureOrigins ?? pictureOriginsFromEnv(process.env.PICTURE_ORIGINS) });

  return app;
}
