import type { CatalogueDb, RestockedNotice } from '../db/catalogue/store';
import { backInStockMail, mailerFromEnv, type Mailer } from './mailer';

/**
 * Writes to each shopper whose size an import brought back in stock, and forgets each notice
 * answered. Without a mailer (SMTP_URL unset) nothing is sent and the notices stay for
 * `npm run messages`. `origin`: the shop's address for the product link (PUBLIC_ORIGIN).
 */
export async function answerRestockedNotices(
  /** The import's connection, or (the back office) what forgets one notice. */
  db: Pick<CatalogueDb, 'run'> | { forget(notice: RestockedNotice): Promise<void> },
  restocked: RestockedNotice[],
  options: { mailer?: Mailer | null; origin?: string } = {},
): Promise<{ sent: number; failed: number }> {
  const mailer = options.mailer === undefined ? mailerFromEnv() : options.mailer;
  if (!mailer) return { sent: 0, failed: 0 };
  const origin = options.origin ?? (process.env.PUBLIC_ORIGIN || `http://localhost:${process.env.PORT || 8080}`);
  let sent = 0;
  let failed = 0;
  try {
    for (const notice of restocked) {
      try {
        await mailer.send(backInStockMail(notice, origin));
        if ('forget' in db) await db.forget(notice);
        else await db.run('DELETE FROM availability_notices WHERE product_id = ? AND size_id = ? AND email = ?', [notice.productId, notice.sizeId, notice.email]);
        sent++;
      } catch (error) {
        failed++;
        console.error(`Could not write to ${notice.email}: ${(error as Error).message}`);
      }
    }
  } finally {
    if (options.mailer === undefined) mailer.close();
  }
  return { sent, failed };
}
