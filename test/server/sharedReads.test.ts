import { startTestShop, type TestShop } from './helpers';

/**
 * The reads both repositories take from one Kysely source (server/db/sharedReads.ts), run on this
 * project's backend (SQLite, and PostgreSQL in the server-postgres project): what a caller of the
 * repository gets, including the byte order of names (SQLite's BINARY, PostgreSQL's "C"), which a
 * database's own locale would otherwise change.
 */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop(120);
});
afterAll(async () => {
  await shop?.close();
});

describe('reads written once for both backends', () => {
  it('vehicle brands and models come in the byte order of their names, ties by id', async () => {
    const top = (await shop.one<{ id: number }>('SELECT MAX(id) AS id FROM brands')).id;
    // Upper case before lower case, an accented letter after both: byte order, not a locale's.
    await shop.sql('INSERT INTO brands (id, name) VALUES (?, ?), (?, ?), (?, ?)', top + 1, 'zeta test', top + 2, 'Zeta test', top + 3, 'Ženo test');
    const names = (await shop.repository.brands()).map(([, name]) => name).filter((name) => name.endsWith(' test'));
    expect(names).toEqual(['Zeta test', 'zeta test', 'Ženo test']);

    const modelTop = (await shop.one<{ id: number }>('SELECT MAX(id) AS id FROM models')).id;
    await shop.sql('INSERT INTO models (id, brand_id, name) VALUES (?, ?, ?), (?, ?, ?), (?, ?, ?)', modelTop + 2, top + 1, 'b', modelTop + 1, top + 1, 'a', modelTop + 3, top + 1, 'a');
    expect(await shop.repository.models(top + 1)).toEqual([
      [modelTop + 1, 'a'],
      [modelTop + 3, 'a'],
      [modelTop + 2, 'b'],
    ]);
    expect(await shop.repository.models(top + 2)).toEqual([]);
    // The initials group the new brands under Z (the accent folded away).
    const initials = await shop.repository.brandInitials();
    expect(initials.find((node) => node.n.toUpperCase() === 'Z')).toBeDefined();
  });

  it('generations by year and engines by power; the engine tree nests all four', async () => {
    const engine = await shop.one<{ id: number; generation_id: number; name: string }>('SELECT id, generation_id, name FROM engines ORDER BY id LIMIT 1');
    const rows = await shop.sql<{ id: number; cv: number }>('SELECT id, cv FROM engines WHERE generation_id = ? ORDER BY cv, id', engine.generation_id);
    expect((await shop.repository.engines(engine.generation_id)).map(([id]) => id)).toEqual(rows.map((r) => r.id));
    const tree = await shop.repository.engineTree();
    const names = JSON.stringify(tree);
    expect(names).toContain(JSON.stringify(engine.name));
  });

  it('a product: exists, its category, the count, a sitemap page in id order', async () => {
    const product = await shop.one<{ id: number; category_id: number; slug: string }>('SELECT id, category_id, slug FROM products ORDER BY id LIMIT 1');
    expect(await shop.repository.productExists(product.id)).toBe(true);
    expect(await shop.repository.productExists(999_999_999)).toBe(false);
    expect(await shop.repository.productCategory(product.id)).toBe(product.category_id);
    expect(await shop.repository.productCategory(999_999_999)).toBeNull();
    const count = (await shop.one<{ n: number }>('SELECT COUNT(*) AS n FROM products')).n;
    expect(await shop.repository.productCount()).toBe(Number(count));
    const first = await shop.repository.productSitemapPage(1, 5);
    expect(first).toHaveLength(5);
    expect(first[0]).toMatchObject({ id: product.id, slug: product.slug });
    expect(first.map((row) => row.id)).toEqual([...first.map((row) => row.id)].sort((a, b) => a - b));
    expect(first[0].updatedAt === null || /^\d{4}-\d{2}-\d{2}$/.test(first[0].updatedAt)).toBe(true);
    expect(await shop.repository.productSitemapPage(0, 5)).toEqual([]);
  });

  it('a stored contact message reads back with its files; notices and a new visitor count from zero', async () => {
    const id = await shop.repository.saveContactMessage('visitor-shared-reads', { name: 'Anna', contact: 'anna@example.com', subject: 'Ordine', iban: null, message: 'Una domanda sul mio ordine.' }, [
      { field: 'file1', fileName: 'foto.jpg', mimeType: 'image/jpeg', content: Buffer.from([0xff, 0xd8, 0xff, 0x01]) },
    ]);
    const stored = await shop.repository.contactMessage(id);
    expect(stored).toMatchObject({ id, visitorId: 'visitor-shared-reads', name: 'Anna', subject: 'Ordine', iban: null });
    expect(stored!.attachments).toHaveLength(1);
    expect(stored!.attachments[0]).toMatchObject({ fileName: 'foto.jpg', mimeType: 'image/jpeg', size: 4 });
    expect(await shop.repository.contactMessage(id + 1000)).toBeNull();

    const size = await shop.one<{ product_id: number; size_id: string }>('SELECT product_id, size_id FROM sizes ORDER BY product_id LIMIT 1');
    const before = await shop.repository.availabilityNotices(size.product_id);
    const asked = await shop.repository.requestAvailabilityNotice('visitor-shared-reads', { productId: size.product_id, sizeId: size.size_id, email: 'Anna@Example.com' });
    // Counted once its address confirmed it (double opt-in).
    expect(await shop.repository.availabilityNotices(size.product_id)).toBe(before);
    expect(asked && asked.token && (await shop.repository.confirmAvailabilityNotice(asked.token))).toBe(true);
    expect(await shop.repository.availabilityNotices(size.product_id)).toBe(before + 1);

    expect(await shop.repository.wishlistCount('nobody-yet')).toBe(0);
    expect(await shop.repository.pendingTrackingEvents('nobody-yet')).toBe(0);
  });
});
