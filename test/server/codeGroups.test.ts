import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { TRAIT, type ListingResponse, type SubstituteEntry } from '../../src/api/wire';
import { importCatalogueFile, openCatalogueDb, type OpenedCatalogueDb } from '../../server/db/catalogue/importer';
import { exportCatalogue } from '../../server/db/catalogue/store';
import { codeKey } from '../../server/db/searchTerms';
import { BACKEND, productPath, startTestShop, type TestShop } from './helpers';

/**
 * Codes in both directions (issue 37, point 4): an OE or cross-reference code belongs to a group
 * of equivalents; a search for any code of a group finds every product of the group; a product
 * page lists its group (equivalent to, replaces, replaced by); the substitutes file is built
 * from the groups; the catalogue file carries the groups. Both backends.
 */
jest.setTimeout(60_000);
const HOST = 'shop.test';
let app: FastifyInstance;
let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop();
  ({ app } = shop);
});
afterAll(async () => {
  await shop.close();
});

interface Member {
  group_id: number;
  code: string;
  code_key: string;
  replaced_by: string | null;
}

/** Every group as the database has it, and each group's products: those carrying one of its codes (catalogue number or OE code). */
async function groups(): Promise<Array<{ id: number; members: Member[]; products: number[] }>> {
  const members = (await shop.sql<Member>('SELECT group_id, code, code_key, replaced_by FROM code_groups ORDER BY group_id, code_key')).map((m) => ({ ...m, group_id: Number(m.group_id) }));
  const codes = await shop.sql<{ id: number; code: string }>(
    'SELECT id, catalog_no AS code FROM products UNION ALL SELECT pp.product_id AS id, v.name AS code FROM product_params pp JOIN param_values v ON v.id = pp.value_id WHERE v.param_id = ?',
    TRAIT.replacementCode,
  );
  const byGroup = new Map<number, Member[]>();
  for (const member of members) byGroup.set(member.group_id, [...(byGroup.get(member.group_id) ?? []), member]);
  return [...byGroup].map(([id, list]) => {
    const keys = new Set(list.map((m) => m.code_key));
    return { id, members: list, products: [...new Set(codes.filter((c) => keys.has(codeKey(c.code))).map((c) => Number(c.id)))].sort((a, b) => a - b) };
  });
}

const search = async (text: string): Promise<number[]> => {
  const response = await app.inject({ url: `/search.php?json=true&text=${encodeURIComponent(text)}&limit=96` });
  expect(response.statusCode).toBe(200);
  return response.json<ListingResponse>().products.map((p) => p.id);
};
const decode = (text: string) => text.replace(/<!-- -->/g, '').replace(/&amp;/g, '&');

describe(`code groups (${BACKEND})`, () => {
  it('the demo catalogue has groups of equivalent codes, some with a code replaced by another', async () => {
    const all = await groups();
    expect(all.length).toBeGreaterThan(3);
    for (const group of all) expect(group.products.length).toBeGreaterThanOrEqual(2);
    expect(all.some((group) => group.members.some((m) => m.replaced_by !== null))).toBe(true);
  });

  it('a search for any code of a group finds every product of the group, written with or without its spaces, dots and dashes', async () => {
    for (const group of (await groups()).slice(0, 4)) {
      for (const member of group.members) {
        const found = await search(member.code);
        for (const product of group.products) expect(found).toContain(product);
        const bare = await search(member.code_key);
        for (const product of group.products) expect(bare).toContain(product);
      }
    }
  });

  it("a product page lists its group's other codes: equivalent to, replaces, replaced by, each a search for that code", async () => {
    const group = (await groups()).find((g) => g.members.some((m) => m.replaced_by !== null))!;
    const old = group.members.find((m) => m.replaced_by !== null)!;
    const successor = group.members.find((m) => m.code_key === old.replaced_by)!;
    const carrying = async (code: string) =>
      (await shop.sql<{ id: number }>('SELECT pp.product_id AS id FROM product_params pp JOIN param_values v ON v.id = pp.value_id WHERE v.param_id = ? AND v.name = ?', TRAIT.replacementCode, code)).map((r) => Number(r.id));
    const [oldProduct] = await carrying(old.code);
    const [newProduct] = await carrying(successor.code);
    expect(oldProduct).toBeDefined();
    expect(newProduct).toBeDefined();
    const codesOn = async (id: number, language = '') => {
      const body = decode((await app.inject({ url: `${language}${await productPath(app, id)}`, headers: { host: HOST, accept: 'text/html' } })).body);
      return /<section class="product__codes"[\s\S]*?<\/section>/.exec(body)?.[0] ?? '';
    };
    const onOld = await codesOn(oldProduct);
    expect(onOld).toContain('<h2 id="product-codes">Codici equivalenti</h2>');
    expect(onOld).toContain(`<li data-relation="replacedBy">sostituito da <a href="/search.php?text=${encodeURIComponent(successor.code)}"`);
    const onNew = await codesOn(newProduct);
    expect(onNew).toContain(`<li data-relation="replaces">sostituisce <a href="/search.php?text=${encodeURIComponent(old.code)}"`);
    // The other codes of the group are equivalents; the product's own codes are not listed.
    const ownKeys = new Set(
      (await shop.sql<{ code: string }>(
        'SELECT catalog_no AS code FROM products WHERE id = ? UNION ALL SELECT v.name AS code FROM product_params pp JOIN param_values v ON v.id = pp.value_id WHERE pp.product_id = ? AND v.param_id = ?',
        newProduct,
        newProduct,
        TRAIT.replacementCode,
      )).map((r) => codeKey(r.code)),
    );
    for (const member of group.members.filter((m) => m !== old && !ownKeys.has(m.code_key))) expect(onNew).toMatch(new RegExp(`<li data-relation="(equivalent|replaces|replacedBy)">[^<]*<a [^>]*>${member.code.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</a>`));
    expect(onNew).not.toContain(`>${successor.code}</a>`);
    const english = await codesOn(newProduct, '/en');
    expect(english).toContain('Equivalent codes');
    expect(english).toContain(`replaces <a href="/en/search.php?text=${encodeURIComponent(old.code)}"`);
    // A product none of whose codes is grouped has no such list.
    const grouped = new Set((await groups()).flatMap((g) => g.products));
    const { id: alone } = (await shop.sql<{ id: number }>("SELECT id FROM products WHERE type = 'product_item' AND id > 100 ORDER BY id")).find((r) => !grouped.has(Number(r.id)))!;
    expect(await codesOn(Number(alone))).toBe('');
  });

  it('the substitutes file lists each grouped product with every code of its group', async () => {
    const substitutes = (await app.inject({ url: '/data/include/cms/substitutes.json' })).json<SubstituteEntry[]>();
    for (const group of (await groups()).slice(0, 6)) {
      for (const product of group.products) {
        const entry = substitutes.find((e) => e.id === product);
        if (!entry) continue; // only products with OE codes are listed
        const keys = new Set(entry.value.map(codeKey));
        const own = await shop.sql<{ name: string }>('SELECT v.name FROM product_params pp JOIN param_values v ON v.id = pp.value_id WHERE pp.product_id = ? AND v.param_id = ?', product, TRAIT.replacementCode);
        for (const { name } of own) expect(keys.has(codeKey(name))).toBe(true);
        if (own.some(({ name }) => group.members.some((m) => m.code_key === codeKey(name)))) {
          for (const member of group.members) expect(keys.has(member.code_key)).toBe(true);
        }
      }
    }
  });
});

describe(`code groups in the catalogue file (${BACKEND})`, () => {
  let catalogue: OpenedCatalogueDb;
  beforeAll(async () => {
    catalogue = await openCatalogueDb({ databaseUrl: shop.databaseUrl, sqlitePath: join(shop.dir, 'shop.sqlite') });
  });
  afterAll(async () => {
    await catalogue.close();
  });
  type Line = Record<string, unknown> & { kind: string };
  const exportNow = async () => {
    const lines: string[] = [];
    await exportCatalogue(catalogue.db, (line) => void lines.push(line));
    return lines.map((line) => JSON.parse(line) as Line);
  };
  const writeLines = (name: string, lines: Line[]) => {
    const path = join(shop.dir, name);
    writeFileSync(path, lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
    return path;
  };

  it('exports the groups before the products, refuses a bad group naming its field, and a new group is found from each of its codes', async () => {
    const lines = await exportNow();
    const groupLines = lines.filter((line) => line.kind === 'code_group');
    expect(groupLines.length).toBe((await groups()).length);
    expect(lines.findIndex((line) => line.kind === 'code_group')).toBeLessThan(lines.findIndex((line) => line.kind === 'product'));
    expect(groupLines.some((line) => (line.codes as unknown[]).some((code) => typeof code === 'object'))).toBe(true);

    const [first, second] = groupLines;
    const firstCodes = first.codes as Array<string | { code: string }>;
    const secondCodes = second.codes as Array<string | { code: string }>;
    const spelled = (code: string | { code: string }) => (typeof code === 'string' ? code : code.code);
    for (const [bad, line, field] of [
      // A code listed twice in its group, spelt another way.
      [{ ...first, codes: [...firstCodes, `${codeKey(spelled(firstCodes[0]))}`] }, first, `codes[${firstCodes.length}]`],
      // A code of another group: refused where it comes second.
      [{ ...first, codes: [...firstCodes, spelled(secondCodes[secondCodes.length - 1])] }, second, `codes[${secondCodes.length - 1}]`],
      [{ ...first, codes: [{ code: 'AB 123', replaced_by: 'ZZ 999' }, 'AB 124'] }, first, 'codes[0].replaced_by'],
      [{ ...first, codes: ['AB 123'] }, first, 'codes'],
    ] as Array<[Line, Line, string]>) {
      const file = lines.map((l) => (l === first ? bad : l));
      const refused = await importCatalogueFile(catalogue.db, writeLines('groups-bad.jsonl', file));
      expect(refused.ok).toBe(false);
      if (!refused.ok) expect(refused.errors).toContainEqual(expect.objectContaining({ line: lines.indexOf(line) + 1, field }));
    }

    // A new group: two products that shared nothing, joined by an OE code of each and a new code that replaces one of them.
    const products = lines.filter((line) => line.kind === 'product' && Array.isArray(line.traits));
    const codeTraits = new Map(lines.filter((line) => line.kind === 'trait' && line.param_id === TRAIT.replacementCode).map((line) => [line.id as number, line.name as string]));
    const grouped = new Set(groupLines.flatMap((line) => (line.codes as Array<string | { code: string }>).map((c) => codeKey(typeof c === 'string' ? c : c.code))));
    const candidates = products
      .map((line) => ({ id: line.id as number, codes: (line.traits as number[]).filter((t) => codeTraits.has(t)).map((t) => codeTraits.get(t)!) }))
      .filter((p) => p.codes.length && p.codes.every((c) => !grouped.has(codeKey(c))) && !grouped.has(codeKey(String(products.find((l) => l.id === p.id)!.catalog_no))));
    const [a, b] = candidates.slice(-2);
    const added: Line = { kind: 'code_group', id: 900_001, codes: [{ code: a.codes[0], replaced_by: 'ZX-77.001' }, b.codes[0], 'ZX-77.001'] };
    const file = [...lines.slice(0, lines.indexOf(first)), added, ...lines.slice(lines.indexOf(first))];
    expect((await importCatalogueFile(catalogue.db, writeLines('groups.jsonl', file))).ok).toBe(true);
    for (const code of [a.codes[0], b.codes[0], 'ZX-77.001', 'ZX77001']) {
      let found: number[] = [];
      for (let tries = 0; tries < 100 && !(found.includes(a.id) && found.includes(b.id)); tries++) {
        found = await search(code);
        if (!(found.includes(a.id) && found.includes(b.id))) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(found).toEqual(expect.arrayContaining([a.id, b.id]));
    }
    // The round trip keeps the groups as written.
    const exported = await exportNow();
    expect(exported.filter((line) => line.kind === 'code_group')).toEqual(file.filter((line) => line.kind === 'code_group').sort((x, y) => (x.id as number) - (y.id as number)).map((line) => ({
      ...line,
      codes: [...(line.codes as Array<string | { code: string }>)].sort((x, y) => {
        const [kx, ky] = [codeKey(typeof x === 'string' ? x : x.code), codeKey(typeof y === 'string' ? y : y.code)];
        return kx < ky ? -1 : kx > ky ? 1 : 0;
      }),
    })));
    expect((await importCatalogueFile(catalogue.db, writeLines('groups-round.jsonl', exported))).ok).toBe(true);
    expect((await exportNow()).slice(1)).toEqual(exported.slice(1));
  });
});
