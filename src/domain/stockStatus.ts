/**
 * A size's availability after its stock changes (issue 36, point 7): a size that was unavailable
 * because its stock ran out ('disable' at 0) is available again once stock comes in, and an
 * available size whose stock drops to 0 becomes unavailable. A size on order ('order') stays on
 * order, and one the owner made unavailable while it still had stock stays so.
 * The same rule as SQL for a single write: STATUS_AFTER_STOCK (server/db/shopViews.ts).
 */


export function statusAfterStock(status: string, oldStock: number, newStock: number): string {
  if (newStock === oldStock) return status;
  if (newStock !== 0 && status === 'disable' && oldStock === 0) return 'enable';
  if (newStock === 0 && status === 'enable') return 'disable';
  return status;
}
