import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { anchorsOf, folderReadmes, prose, readPage, readerPages, root } from './readerPages';

/**
 * What the README, the pages of `docs/` and the folders' READMEs point a reader to is there: every
 * relative link leads to a file of the repository (and, into a Markdown page, to one of its
 * headings), and every npm script they tell the reader to run is one of package.json's.
 */
const scripts = new Set(Object.keys((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts));

interface Link {
  page: string;
  line: number;
  target: string;
}

function relativeLinks(page: string): Link[] {
  return prose(readPage(page))
    .split('\n')
    .flatMap((text, index) =>
      [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => ({ page, line: index + 1, target: match[1] })),
    )
    .filter(({ target }) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** Why a link leads nowhere, or null when it leads to its file (and heading). */
function brokenBecause({ page, target }: Link): string | null {
  const [path, anchor] = target.split('#') as [string, string | undefined];
  const file = path === '' ? page : normalize(join(dirname(page), decodeURIComponent(path)));
  if (file.startsWith('..')) return `${file} is outside the repository`;
  if (!existsSync(join(root, file))) return `${file} does not exist`;
  if (anchor === undefined || !file.endsWith('.md') || statSync(join(root, file)).isDirectory()) return null;
  return anchorsOf(readPage(file)).has(anchor) ? null : `${file} has no heading #${anchor}`;
}

describe('the links and commands of the README and docs/', () => {
  const pages = readerPages();

  it('reads the README and the pages by reader', () => {
    expect(pages).toEqual(
      expect.arrayContaining(['README.md', 'docs/operating.md', 'docs/development.md', 'docs/qa.md', 'docs/architecture.md', 'docs/api.md']),
    );
  });

  it('keeps the README short: under 250 lines', () => {
    expect(readPage('README.md').split('\n').length).toBeLessThan(250);
  });

  it('links every page by reader from the README', () => {
    const targets = new Set(relativeLinks('README.md').map(({ target }) => target.split('#')[0]));
    for (const page of pages.filter((name) => name !== 'README.md')) expect([page, targets.has(page)]).toEqual([page, true]);
  });

  it('gives each major folder a short README.md, linked from the README', () => {
    const linked = new Set(relativeLinks('README.md').map(({ target }) => target));
    for (const readme of folderReadmes) {
      expect([readme, existsSync(join(root, readme)), linked.has(readme)]).toEqual([readme, true, true]);
      expect([readme, readPage(readme).split('\n').length <= 30]).toEqual([readme, true]);
    }
  });

  it('leads every relative link to an existing file, and into a page to one of its headings', () => {
    const links = [...pages, ...folderReadmes].flatMap(relativeLinks);
    expect(links.length).toBeGreaterThan(20);
    const broken = links.flatMap((link) => {
      const why = brokenBecause(link);
      return why ? [`${link.page}:${link.line} (${link.target}): ${why}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it('tells the reader to run only npm scripts that exist', () => {
    const named = [...pages, ...folderReadmes].flatMap((page) =>
      readPage(page)
        .split('\n')
        .flatMap((text, index) => [...text.matchAll(/\bnpm run ([a-z][\w:.-]*)/g)].map((match) => ({ where: `${page}:${index + 1}`, script: match[1] }))),
    );
    expect(named.map(({ script }) => script)).toEqual(
      expect.arrayContaining(['dev', 'catalogue:import', 'catalogue:export', 'catalogue:price', 'catalogue:stock', 'catalogue:name', 'catalogue:replaced', 'replay']),
    );
    expect(named.filter(({ script }) => !scripts.has(script))).toEqual([]);
    expect(['start', 'test'].filter((script) => !scripts.has(script))).toEqual([]);
  });

  it('finds a heading by the anchor GitHub gives it', () => {
    expect([...anchorsOf("# T\n## What `npm test` takes, and what it leaves\n```\n## not a heading\n```\n## The brake finder's parameters\n## Limits\n## Limits")]).toEqual([
      't',
      'what-npm-test-takes-and-what-it-leaves',
      'the-brake-finders-parameters',
      'limits',
      'limits-1',
    ]);
  });
});
