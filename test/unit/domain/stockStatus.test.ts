import Database from 'better-sqlite3';
import { statusAfterStock } from '../../../src/domain/stockStatus';
import { STATUS_AFTER_STOCK } from '../../../server/db/shopViews';

describe("a size's availability after its stock changes", () => {
  it('sold out and restocked is available again; an available one at 0 is not; on order stays on order; the same stock changes nothing', () => {
    expect(statusAfterStock('disable', 0, 7)).toBe('enable');
    expect(statusAfterStock('enable', 3, 0)).toBe('disable');
    expect(statusAfterStock('order', 0, 5)).toBe('order');
    expect(statusAfterStock('order', 5, 0)).toBe('order');
    // Made unavailable by the owner while it had stock: more stock does not sell it.
    expect(statusAfterStock('disable', 4, 9)).toBe('disable');
    expect(statusAfterStock('enable', 0, 0)).toBe('enable');
    expect(statusAfterStock('disable', 0, -1)).toBe('enable');
  });

  it('the SQL of a single stock write (STATUS_AFTER_STOCK) answers as the rule does', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE sizes (id INTEGER PRIMARY KEY, stock INTEGER NOT NULL, status TEXT NOT NULL)');
    const update = db.prepare(`UPDATE sizes SET stock = ?, status = ${STATUS_AFTER_STOCK} WHERE id = ?`);
    let id = 0;
    for (const status of ['enable', 'order', 'disable'])
      for (const oldStock of [-1, 0, 3])
        for (const newStock of [-1, 0, 3, 7]) {
          id += 1;
          db.prepare('INSERT INTO sizes (id, stock, status) VALUES (?, ?, ?)').run(id, oldStock, status);
          update.run(newStock, newStock, newStock, id);
          const row = db.prepare('SELECT status FROM sizes WHERE id = ?').get(id) as { status: string };
          expect({ status, oldStock, newStock, after: row.status }).toEqual({ status, oldStock, newStock, after: statusAfterStock(status, oldStock, newStock) });
        }
    db.close();
  });
});
