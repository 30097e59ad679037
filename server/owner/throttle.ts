import type { FastifyRequest } from 'fastify';
import type { CounterStore } from '../counters';
import { normalEmail } from './ownerStore';

/**
 * The sign-in's throttle (PATTERNS.md section 10): every attempt (a password or a code) counts
 * against tiers of growing windows, per account and per address, in the shop's shared counters
 * (server/counters.ts: Redis, the database or memory, as the rate limits count). Past a tier's
 * budget the answer is 429 with Retry-After until that window ends, and the password is not even
 * checked: a few quick mistakes cost a minute, a run of guesses an hour. No tier locks an
 * account for longer than an hour, so an attacker cannot keep its owner out for good.
 */
export interface Tier {
  max: number;
  windowMs: number;
}

export const ACCOUNT_TIERS: readonly Tier[] = [
  { max: 5, windowMs: 60_000 },
  { max: 10, windowMs: 10 * 60_000 },
  { max: 20, windowMs: 60 * 60_000 },
];
export const ADDRESS_TIERS: readonly Tier[] = [
  { max: 10, windowMs: 60_000 },
  { max: 30, windowMs: 10 * 60_000 },
  { max: 100, windowMs: 60 * 60_000 },
];

/** Counts one attempt on the account (by e-mail) and the address: seconds to wait when over a budget, else null. */
export async function signInAttempt(counters: CounterStore, request: FastifyRequest, email: string): Promise<number | null> {
  const account = normalEmail(email).slice(0, 254);
  let wait = 0;
  const windows = new Set([...ACCOUNT_TIERS, ...ADDRESS_TIERS].map((tier) => tier.windowMs));
  for (const windowMs of windows) {
    const tiers = [...ACCOUNT_TIERS.filter((t) => t.windowMs === windowMs).map((t) => ({ t, key: `oa${windowMs}:${account}` })), ...ADDRESS_TIERS.filter((t) => t.windowMs === windowMs).map((t) => ({ t, key: `oi${windowMs}:${request.ip}` }))];
    let counts: Array<{ count: number; ttlMs: number }>;
    try {
      counts = await counters.hit(
        tiers.map((tier) => tier.key),
        windowMs,
      );
    } catch (error) {
      // The store away: the sign-in stays open (its password is still checked), and the log says so.
      request.log.warn({ err: error }, 'sign-in counter store failed; attempt let through');
      continue;
    }
    tiers.forEach((tier, i) => {
      if (counts[i].count > tier.t.max) wait = Math.max(wait, Math.ceil(counts[i].ttlMs / 1000));
    });
  }
  return wait > 0 ? Math.max(1, wait) : null;
}
