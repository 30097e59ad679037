import type { FastifyReply, FastifyRequest } from 'fastify';
import { EncodedBody, sendEncoded } from './encodedBody';
import { keptBytes, PAGE_S_MAXAGE_S } from './pageCache';
import { TaggedCache } from './taggedCache';

/** A public call's JSON answer as the answer cache keeps it. */
export interface CachedAnswer {
  body: EncodedBody;
  tags: readonly string[];
}

/**
 * The answer cache (issue 22): the JSON of the calls whose answer is the same for every visitor
 * who asks the same address (a listing's page of products, the finder's rows, a product's sizes
 * and prices: `GET /search.php?json=true`, `GET /ajax/projector.php`), kept as text and in the
 * compressed forms asked for, keyed by the address, bounded in bytes, each answer kept as long
 * as a public page (PAGE_S_MAXAGE_S), and dropped whole by any catalogue change on any server
 * (server/catalogueChanges.ts), as the search answers are. Calls for an address already being
 * answered share that answer; a failed one (a 4xx) is not kept.
 */
export class AnswerCache {
  private readonly kept: TaggedCache<CachedAnswer>;
  private readonly inFlight = new Map<string, Promise<CachedAnswer>>();
  /** Counts clears: an answer computed across one is not kept. */
  private generation = 0;

  constructor(options: { maxBytes: number; ttlMs?: number; now?: () => number }) {
    this.kept = new TaggedCache<CachedAnswer>({ maxBytes: options.maxBytes, ttlMs: options.ttlMs ?? PAGE_S_MAXAGE_S * 1000, now: options.now, bytesOf: (answer) => keptBytes(answer.body) });
  }

  get enabled(): boolean {
    return this.kept.enabled;
  }

  get size(): number {
    return this.kept.size;
  }

  clear(): void {
    this.kept.clear();
    // An answer in flight was read from the values of before: it is not kept.
    this.inFlight.clear();
    this.generation++;
  }

  /**
   * Sends the answer kept for this request's address, or the one `compute` gives (kept for the
   * next asker). The reply's other headers are the caller's; `X-Answer-Cache` says which it was.
   */
  async send(request: FastifyRequest, reply: FastifyReply, compute: () => Promise<{ value: unknown; tags?: readonly string[] }>): Promise<FastifyReply> {
    const key = request.url;
    let answer = this.enabled ? this.kept.get(key) : undefined;
    let from: 'hit' | 'miss' | 'off' = this.enabled ? 'hit' : 'off';
    if (!answer) {
      if (this.enabled) from = 'miss';
      let pending = this.enabled ? this.inFlight.get(key) : undefined;
      if (!pending) {
        const generation = this.generation;
        pending = compute().then(({ value, tags }) => ({ body: new EncodedBody(JSON.stringify(value)), tags: tags ?? [] }));
        if (this.enabled) {
          this.inFlight.set(key, pending);
          const settled = pending.then(
            (done) => {
              if (this.generation === generation) this.kept.set(key, done);
            },
            () => undefined,
          );
          void settled.finally(() => {
            if (this.inFlight.get(key) === pending) this.inFlight.delete(key);
          });
        }
      }
      answer = await pending;
    }
    reply.header('X-Answer-Cache', from).type('application/json; charset=utf-8');
    return sendEncoded(request, reply, answer.body);
  }
}

/** ANSWER_CACHE_MB (default 16; 0 turns the answer cache off). */
export function answerCacheBytesFromEnv(value: string | undefined): number {
  if (value === undefined || value === '') return 16 * 1024 * 1024;
  const mb = Number(value);
  if (!Number.isFinite(mb) || mb < 0) throw new Error(`ANSWER_CACHE_MB must be a number of megabytes (0 turns the cache off), got ${value}`);
  return Math.round(mb * 1024 * 1024);
}
