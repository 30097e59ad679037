/**
 * `npm run orders`: the shop's orders, newest first, with their lines, from the configured database
 * (DATABASE_URL, else DB_PATH or DATA_DIR/shop.sqlite), read through the repository's one order
 * query (server/orders/orderStore.ts) on either backend. `-- --limit N` (default 20).
 * Until the owner's back office exists this is where orders are read.
 */
import { join, resolve } from 'node:path';
import { openRepository } from '../server/db/openRepository';
import { formatCents } from '../server/money';

async function main(): Promise<void> {
  const limitArg = process.argv.indexOf('--limit');
  const limit = limitArg > 0 ? Math.max(1, Math.min(1000, Number(process.argv[limitArg + 1]) || 20)) : 20;
  const dataDir = resolve(process.env.DATA_DIR || 'data');
  const opened = await openRepository({ databaseUrl: process.env.DATABASE_URL, sqlitePath: resolve(process.env.DB_PATH || join(dataDir, 'shop.sqlite')) });
  try {
    const orders = await opened.repository.latestOrders(limit);
    console.log(`Orders (the newest ${orders.length})`);
    for (const order of orders) {
      console.log(`\n${order.number}  ${order.created_at}  ${order.status}  ${order.payment}  total ${formatCents(order.total)} (shipping ${formatCents(order.shipping_gross)}, VAT ${formatCents(order.vat)})`);
      console.log(`  ${order.name} <${order.email}>  ${order.phone}`);
      console.log(`  ${order.street}, ${order.postcode} ${order.city}, ${order.country}  by ${order.courier_name}${order.company ? `  invoice: ${order.company} ${order.vat_number ?? ''}` : ''}`);
      for (const line of order.lines) {
        const vehicle = line.vehicle_label ? `  for ${line.vehicle_label}${line.fit ? ` (${line.fit})` : ''}` : '';
        console.log(`  - ${line.quantity} ${line.unit}  ${line.name} [${line.catalog_no}, ${line.size_name}]  ${formatCents(Number(line.line_gross))}${vehicle}`);
      }
    }
  } finally {
    await opened.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
