import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sendError } from './http';

/**
 * The shop's extra scripts (storefront spec, sections 1 and 7: `GET {prefix}{name}.js`): the
 * names come from `EXTRA_SCRIPTS` (comma separated; default the demo's `shop-analytics`), reach
 * the page in its embedded state (`shopData.extraScripts`), and the storefront loads each once
 * per page view when the browser is idle (`sagas/extraScripts.ts`). The files are served from
 * `EXTRA_SCRIPTS_DIR` (default `./public/gfx/extra`) at `/gfx/extra/{name}.js`, same origin.
 */
export const EXTRA_SCRIPTS_PREFIX = '/gfx/extra/';
export const DEFAULT_EXTRA_SCRIPTS = ['shop-analytics'];
const SCRIPT_NAME = /^[a-z0-9-]{1,40}$/;

/** The names of `EXTRA_SCRIPTS`; throws, naming the refused ones, when one is not 1 to 40 of a-z, 0-9 and `-`. */
export function extraScriptNames(value: string | undefined): string[] {
  if (value === undefined) return DEFAULT_EXTRA_SCRIPTS;
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const refused = names.filter((name) => !SCRIPT_NAME.test(name));
  if (refused.length) {
    throw new Error(`EXTRA_SCRIPTS names scripts by 1 to 40 lower-case letters, digits and dashes, comma separated (e.g. "shop-analytics,chat"); refused: ${refused.map((name) => JSON.stringify(name)).join(', ')}`);
  }
  return [...new Set(names)];
}

export function defaultExtraScriptsDir(): string {
  return join(process.cwd(), 'public', 'gfx', 'extra');
}

/**
 * `GET /gfx/extra/{name}.js` for the configured names only, read once at start (they are the
 * shop's few small files; a changed file is served after a restart); a name without a file is
 * a 404 (the page works on without it).
 */
export function extraScriptRoutes(app: FastifyInstance, names: readonly string[], dir: string): void {
  const sources = new Map<string, Buffer>();
  for (const name of names) {
    const file = join(dir, `${name}.js`);
    if (existsSync(file)) sources.set(name, readFileSync(file));
    else app.log.warn({ name, dir }, 'an extra script named in EXTRA_SCRIPTS has no file');
  }
  app.get<{ Params: { file: string } }>(`${EXTRA_SCRIPTS_PREFIX}:file`, async (request, reply) => {
    const source = sources.get(/^(.+)\.js$/.exec(request.params.file)?.[1] ?? '');
    if (!source) return sendError(reply, 404, 'not_found', `No extra script ${request.params.file}`);
    return reply.header('Cache-Control', 'public, max-age=300').type('text/javascript; charset=utf-8').send(source);
  });
}
