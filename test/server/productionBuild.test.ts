/**
 * `npm start` runs the compiled server (build/server/main.cjs from scripts/build-server.mjs)
 * with plain `node`: no TypeScript loader. Here it is built into a scratch folder inside the
 * project (its requires find node_modules from there) and started on a temporary database.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BACKEND } from './helpers';
import { endGroup, trackGroup } from '../support/processGroups';
import { describeWhen } from '../support/skips';

jest.setTimeout(90_000);
const ROOT = join(__dirname, '..', '..');
const describeSqlite = describeWhen(BACKEND === 'sqlite', 'the build is the same on either backend: run once, in the SQLite project');

describeSqlite('the production server build', () => {
  const outDir = join(ROOT, '.tmp', `server-build-${process.pid}`);
  const outfile = join(outDir, 'main.cjs');
  let dataDir: string;
  let child: ChildProcess | undefined;
  const build = () => spawnSync(process.execPath, ['scripts/build-server.mjs', `--outdir=${outDir}`], { cwd: ROOT, encoding: 'utf8' });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'shop-build-'));
    // A stand-in storefront build, as the contract tests use.
    mkdirSync(join(dataDir, 'dist', 'assets'), { recursive: true });
    writeFileSync(join(dataDir, 'dist', 'index.html'), '<!doctype html><html><head><script defer src="/assets/main.js"></script></head><body><div id="root"></div></body></html>');
    writeFileSync(join(dataDir, 'dist', 'assets', 'main.js'), 'console.log("shop")');
    const built = build();
    expect(built.status).toBe(0);
    expect(built.stderr).toContain('Server built in');
  });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      endGroup(child);
      await exited;
    }
    rmSync(outDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is one CommonJS file with its source map (and the commands beside it), fresh until a source changes', () => {
    for (const command of ['catalogue.cjs', 'messages.cjs']) expect(existsSync(join(outDir, command))).toBe(true);
    expect(existsSync(`${outfile}.map`)).toBe(true);
    const code = readFileSync(outfile, 'utf8');
    expect(code).not.toMatch(/^\s*import .* from /m);
    expect(code).toContain('require("fastify")');
    const again = build();
    expect(again.status).toBe(0);
    expect(again.stderr).not.toContain('Building the server');
  });

  it('serves pages drawn on the server, started by plain node', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', WORKERS: '1', DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'dist'), CATALOGUE_SIZE: '100', NODE_ENV: 'production', LOG_LEVEL: 'silent' };
    delete env.NODE_OPTIONS; // jest's flags are not the server's
    child = spawn(process.execPath, [outfile], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    trackGroup(child);
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      child!.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
      child!.stdout!.on('data', () => output.includes('Shop ready') && resolve());
    });
    const page = await fetch(`http://127.0.0.1:${port}/product-11-x.html`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<h1[^>]*>[^<]*Pastiglie freno|<title>[^<]+FreniShop<\/title>/);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);
  });
});
