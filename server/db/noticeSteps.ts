import { queryWriter, step, type SqlDialect, type Steps } from './steps';

/** The tables the availability notices write (a slice of the shop's, with the visitor's creation time). */
interface NoticeTables {
  visitors: { id: string; created_at: string };
  availability_notices: { product_id: number; size_id: string; email: string; visitor_id: string; created_at: string; token_hash: string | null; confirmed_at: string | null };
}

/**
 * "E-mail me when it is back" with a double opt-in (issue 35, point 10), written once for both
 * databases and run by each repository's `transactionSteps`: the notice is stored (or, asked
 * again before it was confirmed, given the new token's hash); it counts only once its address
 * confirmed it. Answers whether the address still has to confirm (a confirmed one is not asked again).
 */
export function* requestNoticeSteps(
  dialect: SqlDialect,
  notice: { productId: number; sizeId: string; email: string; visitorId: string; tokenHash: string; now: string },
): Steps<{ toConfirm: boolean }> {
  const w = queryWriter<NoticeTables>(dialect);
  yield* step(w.insertInto('visitors').values({ id: notice.visitorId, created_at: notice.now }).onConflict((conflict) => conflict.column('id').doNothing()).compile());
  yield* step(
    w
      .insertInto('availability_notices')
      .values({ product_id: notice.productId, size_id: notice.sizeId, email: notice.email, visitor_id: notice.visitorId, created_at: notice.now, token_hash: notice.tokenHash })
      .onConflict((conflict) =>
        conflict
          .columns(['product_id', 'size_id', 'email'])
          .doUpdateSet((eb) => ({ token_hash: eb.ref('excluded.token_hash') }))
          .where('availability_notices.confirmed_at', 'is', null),
      )
      .compile(),
  );
  const [row] = yield* step(
    w.selectFrom('availability_notices').select('confirmed_at').where('product_id', '=', notice.productId).where('size_id', '=', notice.sizeId).where('email', '=', notice.email).compile(),
  );
  return { toConfirm: row?.confirmed_at == null };
}

/** The address behind a token confirms its notice (once; a second press changes nothing). Answers whether the token named a notice. */
export function* confirmNoticeSteps(dialect: SqlDialect, tokenHash: string, now: string): Steps<boolean> {
  const w = queryWriter<NoticeTables>(dialect);
  const confirmed = yield* step(
    w
      .updateTable('availability_notices')
      .set((eb) => ({ confirmed_at: eb.fn.coalesce('confirmed_at', eb.val(now)) }))
      .where('token_hash', '=', tokenHash)
      .returning('product_id')
      .compile(),
  );
  return confirmed.length > 0;
}
