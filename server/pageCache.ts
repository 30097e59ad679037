import { createHash } from 'node:crypto';
import type { EncodedBody } from './encodedBody';
import { TaggedCache } from './taggedCache';

/**
 * Cacheable pages (issue 22).
 *
 * A page asked with none of the cookies that change what it shows (the visitor's basket cookie,
 * the language cookie, a closed banner's cookie) is the *public variant*: the same bytes for
 * everyone asking the same address from the same kind of device (the device class the server
 * reads from the User-Agent: phone, tablet or computer). It carries no nonce and no cookie, a
 * hash-based CSP, an ETag, and `Cache-Control` that lets a shared cache keep it for
 * `PAGE_S_MAXAGE_S` seconds and serve it stale for `PAGE_STALE_S` more while it revalidates.
 * Anyone else gets the *private variant* (`private, no-cache`: drawn for them, with a nonce).
 */

/** How long a shared cache (and the server's own page cache) keeps a public page. */
export const PAGE_S_MAXAGE_S = 30;
/** How long a shared cache may go on serving it stale while it asks again. */
export const PAGE_STALE_S = 30;

export const PUBLIC_PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${PAGE_S_MAXAGE_S}, stale-while-revalidate=${PAGE_STALE_S}`;
/** Personal pages: never kept by a shared cache, revalidated by the browser, still allowed in the back/forward cache. */
export const PRIVATE_PAGE_CACHE_CONTROL = 'private, no-cache';

/** The cookies that change a page: any of them makes the page personal (the private variant). The language is the address's, never a cookie's. */
export const PERSONAL_COOKIE = /^(shop_visitor|shop_banner_[a-z_]+)$/;

export function hasPersonalCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((part) => PERSONAL_COOKIE.test(part.trim().split('=')[0] ?? ''));
}

/** `<script>` elements whose text a browser runs (no `src`, no data type such as JSON or JSON-LD). */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const DATA_TYPE = /\btype\s*=\s*["']?(application\/(ld\+)?json)["']?/i;

/** The text of every inline script the browser would run in this HTML, in document order. */
export function inlineScripts(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(SCRIPT)) {
    const attributes = match[1] ?? '';
    if (/\bsrc\s*=/.test(attributes) || DATA_TYPE.test(attributes)) continue;
    found.push(match[2] ?? '');
  }
  return found;
}

/** CSP hash sources of the page's inline scripts ('sha256-...'), each once. */
export function inlineScriptHashes(html: string): string[] {
  return [...new Set(inlineScripts(html).map((text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`))];
}

/** A validator for a page's bytes (weak: the same page compressed differently is the same page). */
export function pageEtag(html: string): string {
  return `W/"${createHash('sha1').update(html, 'utf8').digest('base64url')}"`;
}

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/** A rendered public page, as the server's page cache keeps it. */
export interface CachedPage {
  status: number;
  /** The page's HTML, with its compressed forms as they are asked for. */
  body: EncodedBody;
  etag: string;
  csp: string;
  /** What the page shows: `product:<id>` for each product, `listing` for listings and home. */
  tags: string[];
}

export interface PageCacheOptions {
  /** Bytes of HTML kept at most (least recently used go first); 0 turns the cache off. */
  maxBytes: number;
  /** How long an entry is served (the same time a shared cache keeps the page). */
  ttlMs?: number;
  now?: () => number;
}

/** Bytes a kept text is counted for: the text, and a half again for its compressed forms (about a fifth each). */
export const keptBytes = (body: EncodedBody): number => Math.ceil(body.bytes * 1.5);

/**
 * The server's own page cache in front of the renderer (issue 22, point 4): public pages only,
 * keyed as an HTTP cache keys them (device class + address), bounded in bytes, each entry
 * living at most `ttlMs`, dropped by tag when the catalogue changes (server/catalogueChanges.ts).
 */
export class PageCache extends TaggedCache<CachedPage> {
  constructor(options: PageCacheOptions) {
    super({ maxBytes: options.maxBytes, ttlMs: options.ttlMs ?? PAGE_S_MAXAGE_S * 1000, now: options.now, bytesOf: (page) => keptBytes(page.body) });
  }

  static key(device: string, url: string): string {
    return `${device} ${url}`;
  }
}

/** PAGE_CACHE_MB (default 32; 0 turns the server's page cache off). */
export function pageCacheBytesFromEnv(value: string | undefined): number {
  if (value === undefined || value === '') return 32 * 1024 * 1024;
  const mb = Number(value);
  if (!Number.isFinite(mb) || mb < 0) throw new Error(`PAGE_CACHE_MB must be a number of megabytes (0 turns the cache off), got ${value}`);
  return Math.round(mb * 1024 * 1024);
}
