import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the storefront build wrote: the page template and which files each named chunk needs. */
export interface BuiltAssets {
  template: string;
  chunks: Record<string, { js: string[]; css: string[] }>;
}

/** Reads dist/index.html and dist/assets-manifest.json, again only when a new build replaced them. */
export function builtAssets(staticDir: string): () => BuiltAssets | null {
  const templatePath = join(staticDir, 'index.html');
  const manifestPath = join(staticDir, 'assets-manifest.json');
  let cached: { key: string; assets: BuiltAssets } | null = null;
  return () => {
    try {
      const manifestTime = statSync(manifestPath, { throwIfNoEntry: false })?.mtimeMs ?? 0;
      const key = `${statSync(templatePath).mtimeMs}:${manifestTime}`;
      if (cached?.key !== key) {
        // Without a manifest (a hand-made template) the page links no chunk of its own: it loads on demand.
        const chunks = manifestTime ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as { chunks: BuiltAssets['chunks'] }).chunks : {};
        cached = { key, assets: { template: readFileSync(templatePath, 'utf8'), chunks } };
      }
      return cached.assets;
    } catch {
      return null;
    }
  };
}
