import { TtlCache } from '../db/ttlCache';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Kind, parse, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { GRAPHQL_LIMITS } from './cost';
import { controlCharacterIn } from '../http';

export const GRAPHQL_PATH = '/graphql/v1/';

/** Content types a GraphQL POST may carry: neither can be sent by another site without a CORS preflight (which the shop never grants). */
const GRAPHQL_CONTENT_TYPES = ['application/json', 'application/graphql'];

/** `Sec-Fetch-Site` values of a request the shop's own pages (or the address bar) made. */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

function graphqlError(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({ data: null, errors: [{ message, extensions: { code } }] });
}

/** The media type of a request, lower case, without parameters. */
export function mediaType(request: FastifyRequest): string {
  return String(request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
}

/** Whether the browser says the request came from another site (Sec-Fetch-Site); absent (not a browser, or an old one): not known to be foreign. */
export function foreignFetchSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  return typeof site === 'string' && !OWN_FETCH_SITES.has(site.toLowerCase());
}

/** The one operation a document holds, or a refusal. */
export function soleOperation(document: DocumentNode, operationName: unknown): OperationDefinitionNode | string {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (operations.length !== 1) return `One operation per request: this document holds ${operations.length}`;
  const [operation] = operations;
  if (operationName !== undefined && operationName !== null && operationName !== '' && operationName !== operation.name?.value) {
    return `operationName ${JSON.stringify(String(operationName)).slice(0, 80)} names no operation of this document`;
  }
  return operation;
}

/** Every string a GraphQL document spells out (arguments, defaults, directives). */
function documentStrings(document: DocumentNode): string[] {
  const found: string[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(walk);
    const n = node as { kind?: string; value?: unknown; loc?: unknown };
    if (n.kind === Kind.STRING && typeof n.value === 'string') found.push(n.value);
    for (const [key, value] of Object.entries(node)) if (key !== 'loc' && typeof value === 'object') walk(value);
  };
  walk(document.definitions);
  return found;
}

/** Every string inside a JSON value (the variables). */
function jsonStrings(value: unknown, found: string[] = [], depth = 0): string[] {
  if (depth > 20) return found;
  if (typeof value === 'string') found.push(value);
  else if (Array.isArray(value)) for (const item of value) jsonStrings(item, found, depth + 1);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      found.push(key);
      jsonStrings(item, found, depth + 1);
    }
  }
  return found;
}

/** A query text read by the guard: its document, and whether a string in it holds a control character. */
interface ReadDocument {
  document: DocumentNode;
  controlCharacters: boolean;
}

/**
 * Query texts read before, by their text (the storefront sends the same few over and over): the
 * parse and the walk of the document's strings once per text. Only texts that parse are kept;
 * the reading depends on the text alone.
 */
const readDocuments = new TtlCache<string, ReadDocument>(500, 60 * 60_000);

function readDocument(query: string): ReadDocument | null {
  const kept = readDocuments.get(query);
  if (kept) return kept;
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens: GRAPHQL_LIMITS.maxTokens });
  } catch {
    return null;
  }
  const read = { document, controlCharacters: documentStrings(document).some(controlCharacterIn) };
  readDocuments.set(query, read);
  return read;
}

/**
 * The gate in front of GraphQL (before mercurius parses, caches or compiles anything):
 * - one request, one operation: no batches, no persisted-query hashes, a document of exactly
 *   one operation, and an `operationName` (when given) that names it. mercurius caches the
 *   compiled form of a document by its text alone, so a second operation in it could run in
 *   place of the one that was named, checked and costed;
 * - queries by GET, HEAD or POST; a mutation only by POST, with a JSON or application/graphql
 *   body, and not from another site (the Origin check in server/security.ts, and
 *   `Sec-Fetch-Site` here): GET and HEAD never change a basket, whatever they name;
 * - no control characters (NUL and the like) in any string of the document or its variables.
 */
export function registerGraphqlGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.url !== GRAPHQL_PATH) return;
    const post = request.method === 'POST';
    if (post && !GRAPHQL_CONTENT_TYPES.includes(mediaType(request))) {
      return graphqlError(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Send GraphQL by POST as application/json (or application/graphql)');
    }
    const params = (post ? request.body : request.query) as unknown;
    if (Array.isArray(params)) return graphqlError(reply, 400, 'BATCH_NOT_SUPPORTED', 'One operation per request: batches are not accepted');
    if (!params || typeof params !== 'object') return; // mercurius answers what is missing
    const { query, operationName, variables, extensions } = params as Record<string, unknown>;
    if (extensions !== undefined && extensions !== null && extensions !== '') {
      return graphqlError(reply, 400, 'PERSISTED_QUERY_NOT_SUPPORTED', 'Persisted queries and other extensions are not accepted: send the query text');
    }
    if (typeof query !== 'string') return;
    if (query.length > GRAPHQL_LIMITS.maxQueryLength) return; // the cost hooks answer 413
    const read = readDocument(query);
    if (read === null) return; // mercurius answers the syntax error
    const operation = soleOperation(read.document, operationName);
    if (typeof operation === 'string') return graphqlError(reply, 400, 'ONE_OPERATION', operation);
    let variableValues: unknown = variables;
    if (typeof variables === 'string') {
      try {
        variableValues = JSON.parse(variables);
      } catch {
        variableValues = undefined;
      }
    }
    if (read.controlCharacters || jsonStrings(variableValues).some(controlCharacterIn)) {
      return graphqlError(reply, 400, 'BAD_USER_INPUT', 'Text may not hold control characters');
    }
    if (operation.operation === 'query') return;
    if (!post) {
      reply.header('Allow', 'POST');
      return graphqlError(reply, 405, 'METHOD_NOT_ALLOWED', `A ${operation.operation} is sent by POST only; ${request.method} runs queries`);
    }
    if (foreignFetchSite(request)) return graphqlError(reply, 403, 'FOREIGN_ORIGIN', 'Requests from another site are not accepted');
  });
}
