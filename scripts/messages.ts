/**
 * `npm run messages`: what shoppers sent the shop, from the configured database (DATABASE_URL,
 * else DB_PATH or DATA_DIR/shop.sqlite): contact messages, newest first, and the "e-mail me when
 * it is back" requests, marked when their size is available again (write to them, or re-import:
 * with SMTP_URL set an import writes to them itself). `-- --limit N` (default 50).
 */
import { join, resolve } from 'node:path';
import { openCatalogueDb } from '../server/db/catalogue/importer';

async function main(): Promise<void> {
  const limitArg = process.argv.indexOf('--limit');
  const limit = limitArg > 0 ? Math.max(1, Math.min(10_000, Number(process.argv[limitArg + 1]) || 50)) : 50;
  const dataDir = resolve(process.env.DATA_DIR || 'data');
  const opened = await openCatalogueDb({ databaseUrl: process.env.DATABASE_URL, sqlitePath: resolve(process.env.DB_PATH || join(dataDir, 'shop.sqlite')) });
  try {
    const messages = await opened.db.all<{ id: number; created_at: string; name: string; contact: string; subject: string; iban: string | null; message: string }>(
      'SELECT id, created_at, name, contact, subject, iban, message FROM contact_messages ORDER BY created_at DESC, id DESC LIMIT ?',
      [limit],
    );
    const [{ n: messageCount }] = await opened.db.all<{ n: number }>('SELECT COUNT(*) AS n FROM contact_messages');
    console.log(`Contact messages (${messageCount}${messageCount > messages.length ? `, the newest ${messages.length}` : ''})`);
    for (const m of messages) {
      console.log(`\n#${m.id}  ${m.created_at}  ${m.subject}  from ${m.name} <${m.contact}>${m.iban ? `  IBAN ${m.iban}` : ''}`);
      console.log(m.message.replace(/^/gm, '  '));
    }
    const notices = await opened.db.all<{ product_id: number; size_id: string; email: string; created_at: string; confirmed_at: string | null; name: string | null; available: number | null }>(
      `SELECT n.product_id, n.size_id, n.email, n.created_at, n.confirmed_at, p.name AS name,
              CASE WHEN s.status <> 'disable' AND s.stock <> 0 THEN 1 ELSE 0 END AS available
       FROM availability_notices n LEFT JOIN products p ON p.id = n.product_id LEFT JOIN sizes s ON s.product_id = n.product_id AND s.size_id = n.size_id
       ORDER BY n.created_at DESC LIMIT ?`,
      [limit],
    );
    console.log(`\n"E-mail me when it is back" requests (${notices.length})`);
    for (const n of notices) {
      // Only an address that confirmed its request (the mailed link) may be written to.
      const status = n.confirmed_at === null ? '  NOT CONFIRMED: do not write' : n.available ? '  BACK IN STOCK: write to them' : '';
      console.log(`  ${n.created_at}  ${n.email}  product ${n.product_id} size ${n.size_id}${n.name ? ` (${n.name})` : ''}${status}`);
    }
  } finally {
    await opened.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
