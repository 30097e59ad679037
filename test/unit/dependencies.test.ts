import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Issue 35, point 12: a package only tests use is a development dependency. No package under
 * package.json's `dependencies` is imported by the tests without being imported by the shop's
 * own code (server, storefront, sagas, machines, store, scripts, the webpack configuration);
 * package-lock.json says the same as package.json.
 */
const root = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dependencies?: Record<string, string>; devDependencies?: Record<string, string>; dev?: boolean }> };

function sources(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules') continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) found.push(...sources(path));
    else if (/\.(ts|tsx|mjs|cjs|js|css|scss)$/.test(entry)) found.push(path);
  }
  return found;
}

const read = (paths: string[]) => paths.map((path) => readFileSync(path, 'utf8')).join('\n');
const runtimeText = read([...['server', 'src', 'sagas', 'machines', 'store', 'scripts'].flatMap((dir) => sources(join(root, dir))), ...readdirSync(root).filter((name) => /^webpack\.config\./.test(name)).map((name) => join(root, name))]);
const testText = read(sources(join(root, 'test')).filter((path) => !path.endsWith('dependencies.test.ts')));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const importsIn = (text: string, name: string) => new RegExp(`(?:from\\s+|require\\(\\s*|import\\(\\s*|import\\s+|@import\\s+)['"~]*${escape(name)}(?:/[^'"]*)?['"]`).test(text);
const imported = (name: string) => importsIn(runtimeText, name);

describe('runtime dependencies', () => {
  it('no runtime dependency is used by the tests alone', () => {
    const testsOnly = Object.keys(pkg.dependencies).filter((name) => importsIn(testText, name) && !imported(name));
    expect(testsOnly).toEqual([]);
  });

  it('fast-xml-parser, which only tests use, is a development dependency in package.json and package-lock.json', () => {
    expect(pkg.dependencies['fast-xml-parser']).toBeUndefined();
    expect(pkg.devDependencies['fast-xml-parser']).toBeDefined();
    expect(lock.packages[''].dependencies?.['fast-xml-parser']).toBeUndefined();
    expect(lock.packages[''].devDependencies?.['fast-xml-parser']).toBe(pkg.devDependencies['fast-xml-parser']);
    expect(lock.packages['node_modules/fast-xml-parser'].dev).toBe(true);
    expect(imported('fast-xml-parser')).toBe(false);
  });
});
