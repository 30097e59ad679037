import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { openShopDatabase } from '../../server/db/open';
import { buildApp, type AppOptions } from '../../server/app';

export const TODAY = new Date('2026-11-22T10:00:00Z');

/** A server on a fresh temporary database (small catalogue) and a stand-in storefront build. */
export async function startTestShop(catalogueSize = 300, options: Pick<AppOptions, 'limits' | 'trustProxy'> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'shop-test-'));
  const staticDir = join(dir, 'dist');
  mkdirSync(join(staticDir, 'assets'), { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><html><head><script defer src="/assets/main.js"></script></head><body><div id="root"></div></body></html>');
  writeFileSync(join(staticDir, 'assets', 'main.js'), 'console.log("shop")');
  const dbPath = join(dir, 'shop.sqlite');
  const { db } = openShopDatabase({ path: dbPath, catalogueSize, today: TODAY });
  const app = await buildApp({ db, staticDir, testHooks: true, ...options });
  return { app, db, dbPath, staticDir, dir };
}

/** A visitor: keeps the cookie the shop gives, like a browser does. */
export class Visitor {
  cookie = '';
  constructor(private readonly app: FastifyInstance) {}
  async request(options: { method: 'GET' | 'POST' | 'DELETE'; url: string; form?: Record<string, string>; headers?: Record<string, string>; json?: unknown }): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (this.cookie) headers.cookie = this.cookie;
    let payload: string | undefined;
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(options.form).toString();
    } else if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(options.json);
    }
    const response = await this.app.inject({ method: options.method, url: options.url, headers, payload });
    const set = response.cookies.find((c) => c.name === 'shop_visitor');
    if (set) this.cookie = `shop_visitor=${set.value}`;
    return response;
  }
  get(url: string, headers?: Record<string, string>) {
    return this.request({ method: 'GET', url, headers });
  }
  post(url: string, form: Record<string, string>, headers?: Record<string, string>) {
    return this.request({ method: 'POST', url, form, headers });
  }
}
