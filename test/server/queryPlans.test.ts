/**
 * No listing, finder, search or brake-product query reads a whole big table: each SQL
 * statement those calls send is explained (EXPLAIN QUERY PLAN) and a plan line that SCANs
 * products, sizes, fitments, ... without an index fails the test. The bench runs the same
 * check at 200,000 products and lists every scan, index scans included.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openShopDatabase } from '../../server/db/open';
import { queryPlans, scansOf, type QueryPlan } from '../../scripts/bench/queryPlans';
import { TODAY } from './helpers';

jest.setTimeout(60_000);

describe('query plans', () => {
  let dir: string;
  let plans: QueryPlan[];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'shop-plans-'));
    const path = join(dir, 'shop.sqlite');
    openShopDatabase({ path, catalogueSize: 2000, today: TODAY }).db.close();
    plans = await queryPlans(path);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('explains the statements of every kind of call', () => {
    for (const kind of ['listing', 'finder', 'search', 'brake', 'vehicle'] as const) expect(plans.filter((plan) => plan.kind === kind).length).toBeGreaterThan(kind === 'listing' ? 50 : 2);
  });

  it('reads no big table row by row without an index', () => {
    const scans = plans.filter((plan) => plan.tableScans.length > 0).map((plan) => ({ call: plan.call, sql: plan.sql, scans: plan.tableScans }));
    expect(scans).toEqual([]);
  });

  it('tells a table scan from an index scan, through aliases', () => {
    const sql = 'SELECT p.id FROM products p JOIN sizes AS s ON s.product_id = p.id JOIN couriers c ON 1';
    expect(scansOf(sql, ['SCAN p', 'SEARCH s USING PRIMARY KEY (product_id=?)', 'SCAN c'])).toEqual({ scans: ['SCAN p (products)'], tableScans: ['SCAN p (products)'] });
    expect(scansOf(sql, ['SCAN p USING COVERING INDEX products_popular']).tableScans).toEqual([]);
  });
});
