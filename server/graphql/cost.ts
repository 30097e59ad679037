import type { FastifyInstance } from 'fastify';
import mercurius from 'mercurius';
import { soleOperation } from './guard';
import { getComplexity, type ComplexityEstimatorArgs } from 'graphql-query-complexity';
import { getNullableType, isListType, type DocumentNode, type GraphQLSchema, Kind, type OperationDefinitionNode } from 'graphql';

/**
 * What one GraphQL request may cost, computed before anything runs (POST and GET alike: the
 * check sits in mercurius' preExecution hook, after parsing and validation, with the
 * request's variables). Every field costs 1; a list field costs its expected length times
 * (1 + what is selected inside it); the root fields that read the database cost more and
 * scale with what the caller multiplies (`limit`, the number of input lines). Aliases are
 * separate fields, so they are counted like any other.
 */
export const GRAPHQL_LIMITS = {
  /** The cost budget of one request. The storefront's heaviest query (the finder's 50 products) costs about 7,000. */
  maxCost: 25_000,
  /** Root fields (aliases included) in one operation. The storefront asks one. */
  maxRootFields: 10,
  /** Characters of query text. */
  maxQueryLength: 20_000,
  /** Tokens the parser reads before it gives up. */
  maxTokens: 5_000,
  /** Fields and fragments walked while costing (fragment bombs stop here). */
  maxQueryNodes: 5_000,
  /** Nesting depth (mercurius' queryDepth). */
  maxDepth: 8,
} as const;

/** The cost of one call of a root field that reads or writes the database (before what it selects). */
const ROOT_BASE: Record<string, number> = {
  'Query.productsTextSearch': 200,
  'Query.products': 200,
  'Query.shipping': 50,
  'Query.trackingEvents': 5,
  /** Per input line. */
  'Query.getLastLowestProductPrices': 5,
  'Mutation.addProductsToBasket': 20,
  'Mutation.removeProductsFromBasket': 10,
};

/** Expected length of a list field; lists whose length the root's input decides count 1 here and the root multiplies. */
const LIST_LENGTH: Record<string, number> = {
  'TextSearchResult.products': 1,
  'TextSearchResult.producers': 1,
  'TextSearchResult.series': 1,
  'TextSearchResult.menuNodes': 1,
  'TextSearchResult.cms': 1,
  'TextSearchResult.searchQueries': 1,
  'TextSearchResult.replacementCodes': 1,
  'ProductsResult.products': 1,
  'BasketMutation.results': 1,
  'Query.getLastLowestProductPrices': 1,
  'Query.trackingEvents': 10,
  'MenuNode.breadcrumbs': 4,
  'BrakeProduct.sizes': 5,
  'BrakeProduct.awardedParameters': 6,
  'AwardedParameter.values': 4,
  'LowestPriceProduct.sizes': 5,
  'ShippingResult.shipping': 6,
};
const DEFAULT_LIST_LENGTH = 10;
const DEFAULT_SEARCH_LIMIT = 10;
const MAX_BRAKE_LIMIT = 50;

const lengthOf = (value: unknown): number => (Array.isArray(value) ? value.length : 1);
const positiveInt = (value: unknown, fallback: number): number => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.ceil(value) : fallback);

function estimate({ type, field, args, childComplexity }: ComplexityEstimatorArgs): number {
  const key = `${type.name}.${field.name}`;
  const list = isListType(getNullableType(field.type));
  const own = (list ? (LIST_LENGTH[key] ?? DEFAULT_LIST_LENGTH) : 1) * (1 + childComplexity);
  const input = (args ?? {}) as Record<string, unknown>;
  switch (key) {
    case 'Query.productsTextSearch': {
      const limit = positiveInt((input.searchInput as { limit?: unknown } | undefined)?.limit, DEFAULT_SEARCH_LIMIT);
      return ROOT_BASE[key] + limit * own;
    }
    case 'Query.products': {
      const limit = Math.min(positiveInt((input.searchInput as { limit?: unknown } | undefined)?.limit, MAX_BRAKE_LIMIT), MAX_BRAKE_LIMIT);
      return ROOT_BASE[key] + limit * own;
    }
    case 'Query.getLastLowestProductPrices': {
      const lines = lengthOf(input.lastLowestPricesInput);
      return lines * (ROOT_BASE[key] + own);
    }
    case 'Mutation.addProductsToBasket':
    case 'Mutation.removeProductsFromBasket': {
      const lines = lengthOf(input.ProductInput);
      return lines * (ROOT_BASE[key] + own);
    }
    default:
      return (ROOT_BASE[key] ?? 0) + own;
  }
}

/** The cost of an operation of a parsed document (throws a GraphQLError on a document too big to cost). */
export function queryCost(schema: GraphQLSchema, document: DocumentNode, variables?: Record<string, unknown>, operationName?: string): number {
  return getComplexity({ schema, query: document, variables, operationName, estimators: [estimate], maxQueryNodes: GRAPHQL_LIMITS.maxQueryNodes });
}

/** Root fields of the operation that would run (aliases counted, fragments on the root type followed). */
function rootFieldCount(document: DocumentNode, operationName?: string): number {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const operation = operationName ? operations.find((o) => o.name?.value === operationName) : operations[0];
  if (!operation) return 0;
  const fragments = new Map(document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])));
  let count = 0;
  const seen = new Set<string>();
  const walk = (selections: OperationDefinitionNode['selectionSet']['selections']) => {
    for (const selection of selections) {
      if (selection.kind === Kind.FIELD) count++;
      else if (selection.kind === Kind.INLINE_FRAGMENT) walk(selection.selectionSet.selections);
      else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) walk(fragment.selectionSet.selections);
      }
    }
  };
  walk(operation.selectionSet.selections);
  return count;
}

function refuse(code: string, message: string, status: number): never {
  throw new mercurius.ErrorWithProps(message, { code }, status);
}

/** The parser options of mercurius (its `graphql.parseOptions`). */
export const graphqlParseOptions = { maxTokens: GRAPHQL_LIMITS.maxTokens };

/**
 * Registers the checks on a mercurius instance: query length before parsing, root fields and
 * cost before execution. Over the limits the answer is a 400 (413 for the query's length)
 * whose `errors[0].message` says which limit and its number.
 */
export function registerGraphqlCost(app: FastifyInstance): void {
  app.graphql.addHook('preParsing', async (_schema, source) => {
    if (source.length > GRAPHQL_LIMITS.maxQueryLength) refuse('QUERY_TOO_LONG', `The query is longer than ${GRAPHQL_LIMITS.maxQueryLength} characters`, 413);
  });
  // Verdicts by document (mercurius hands the same parsed document for the same text) and
  // variables: the storefront asks the same few queries over and over.
  const verdicts = new WeakMap<DocumentNode, Map<string, Verdict>>();
  app.graphql.addHook('preExecution', async (schema, document, _context, variables) => {
    let byVariables = verdicts.get(document);
    if (!byVariables) verdicts.set(document, (byVariables = new Map()));
    const variablesKey = JSON.stringify(variables ?? null);
    let verdict = byVariables.get(variablesKey);
    if (!verdict) {
      verdict = costVerdict(schema, document, variables as Record<string, unknown> | undefined);
      // A document asked with ever-new variables keeps only its last verdicts.
      if (byVariables.size >= 50) byVariables.clear();
      byVariables.set(variablesKey, verdict);
    }
    if (verdict !== 'ok') refuse(verdict.code, verdict.message, verdict.status);
  });
}

type Verdict = 'ok' | { code: string; message: string; status: number };

/** Whether an operation may run: one operation, few enough root fields, within the cost budget. */
function costVerdict(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> | undefined): Verdict {
  // The guard (server/graphql/guard.ts) lets through only documents of one operation, so the
  // operation costed here is the one that runs, compiled or not, whatever operationName says.
  const sole = soleOperation(document, undefined);
  if (typeof sole === 'string') return { code: 'ONE_OPERATION', message: sole, status: 400 };
  const name = sole.name?.value;
  const roots = rootFieldCount(document, name);
  if (roots > GRAPHQL_LIMITS.maxRootFields) return { code: 'TOO_MANY_FIELDS', message: `At most ${GRAPHQL_LIMITS.maxRootFields} root fields (aliases included) per request; this one asks ${roots}`, status: 400 };
  let cost: number;
  try {
    cost = queryCost(schema, document, variables, name);
  } catch (error) {
    return { code: 'QUERY_TOO_COMPLEX', message: error instanceof Error ? error.message : 'The query cannot be costed', status: 400 };
  }
  if (cost > GRAPHQL_LIMITS.maxCost) return { code: 'QUERY_TOO_COSTLY', message: `The query costs ${cost}, above the budget of ${GRAPHQL_LIMITS.maxCost} per request`, status: 400 };
  return 'ok';
}
