import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readPage, readerPages, root } from './readerPages';

/**
 * Every TypeScript block of the README and of the pages of `docs/` is a region of a test that runs
 * (`// #region readme:<name>` ... `// #endregion`, indentation removed), and every such region is
 * in one of them: neither can go stale without a failing test.
 */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

function dedent(lines: string[]): string {
  const indent = Math.min(...lines.filter((line) => line.trim()).map((line) => line.match(/^ */)![0].length));
  return lines.map((line) => line.slice(indent)).join('\n').trim();
}

function readmeBlocks(): string[] {
  return readerPages().flatMap((page) => {
    const text = readPage(page);
    // A block may sit in a list item, indented: its lines lose the indentation of its fence.
    return [...text.matchAll(/^( *)```ts\n([\s\S]*?)^\1```/gm)].map((match) => dedent(match[2].split('\n')));
  });
}

function testRegions(): Map<string, string> {
  const regions = new Map<string, string>();
  for (const file of filesUnder(join(root, 'test'))) {
    const lines = readFileSync(file, 'utf8').split('\n');
    for (let i = 0; i < lines.length; i += 1) {
      const start = lines[i].match(/^\s*\/\/ #region readme:(\S+)\s*$/);
      if (!start) continue;
      const end = lines.findIndex((line, j) => j > i && line.includes('// #endregion'));
      regions.set(start[1], dedent(lines.slice(i + 1, end)));
      i = end;
    }
  }
  return regions;
}

describe('the code examples of the README and docs/', () => {
  const blocks = readmeBlocks();
  const regions = testRegions();

  it('has TypeScript examples, each one a region of a test that runs', () => {
    expect(blocks.length).toBeGreaterThan(0);
    const known = new Set(regions.values());
    for (const block of blocks) expect([block, known.has(block)]).toEqual([block, true]);
  });

  it('shows every region marked for it', () => {
    for (const [name, region] of regions) expect([name, blocks.includes(region)]).toEqual([name, true]);
  });
});
