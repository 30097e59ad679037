import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The repository's root. */
export const root = join(__dirname, '..', '..', '..');

/** README.md and every page of docs/: the text a reader follows (paths from the root). */
export function readerPages(): string[] {
  const docs = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).sort();
  return ['README.md', ...docs.map((name) => `docs/${name}`)];
}

/** The short README.md of each major folder: what lives there and its rules. */
export const folderReadmes = ['server/README.md', 'sagas/README.md', 'machines/README.md', 'store/README.md', 'src/domain/README.md'];

export function readPage(page: string): string {
  return readFileSync(join(root, page), 'utf8');
}

/** A page's text with its fenced code blocks blanked (their lines kept, so line numbers hold). */
export function prose(text: string): string {
  let fenced = false;
  return text
    .split('\n')
    .map((line) => {
      if (/^\s*```/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line;
    })
    .join('\n');
}

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as dashes, repeats numbered. */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of prose(text).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const base = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}
