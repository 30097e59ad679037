import type { Kysely } from 'kysely';
import { fitStatus, type AxlePosition, type FitAnswer } from '../../src/domain/fitment';
import { queryWriter, step, type SqlDialect, type Steps } from './steps';

/** The tables the fit answers read, as both schemas define them (migration 9: qualifiers; 25: `universal`). */
export interface FitAnswerTables {
  products: { id: number; universal: number };
  fitments: { engine_id: number; product_id: number; position: string | null; from_month: string | null; to_month: string | null; note: string | null };
}

const writers: Record<SqlDialect, Kysely<FitAnswerTables>> = { sqlite: queryWriter<FitAnswerTables>('sqlite'), postgres: queryWriter<FitAnswerTables>('postgres') };

/**
 * What each of these products says for each of these engines (issue 37): the one function both
 * backends answer with, for `GET /ajax/fitment.php` (server/db/sharedReads.ts) and the checkout's
 * lines (server/orders/orderStore.ts). Every pair of an existing product is answered, in engine
 * then product order: a universal product says 'universal' whatever its fit rows, a fit says
 * 'fits' or 'check' with its qualifiers, no fit says 'none'. Two statements: the products'
 * flags by primary key, the fits by the fitments' primary key (engine, product).
 */
export function* fitAnswers(dialect: SqlDialect, engineIds: readonly number[], productIds: readonly number[]): Steps<FitAnswer[]> {
  if (!engineIds.length || !productIds.length) return [];
  const w = writers[dialect];
  const products = yield* step(w.selectFrom('products').select(['id', 'universal']).where('id', 'in', [...productIds]).orderBy('id').compile());
  if (!products.length) return [];
  const fits = yield* step(
    w
      .selectFrom('fitments')
      .select(['engine_id', 'product_id', 'position', 'from_month', 'to_month', 'note'])
      .where('engine_id', 'in', [...engineIds])
      .where('product_id', 'in', products.map((p) => Number(p.id)))
      .compile(),
  );
  const byPair = new Map(fits.map((f) => [`${Number(f.engine_id)}:${Number(f.product_id)}`, f]));
  const answers: FitAnswer[] = [];
  for (const engineId of [...new Set(engineIds)].sort((a, b) => a - b)) {
    for (const product of products) {
      const productId = Number(product.id);
      const row = byPair.get(`${engineId}:${productId}`);
      const fit = row ? { position: (row.position as AxlePosition | null) ?? null, fromMonth: row.from_month, toMonth: row.to_month, note: row.note } : null;
      answers.push({ engineId, productId, status: fitStatus(fit, Number(product.universal) === 1), position: null, fromMonth: null, toMonth: null, note: null, ...fit });
    }
  }
  return answers;
}
