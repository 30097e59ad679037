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
/** Attempts per address per minute by default; 3 times as many per 10 minutes, 10 times per hour. */
export const SIGN_INS_PER_ADDRESS = 10;

/**
 * The per-address tiers from the per-minute budget: RATE_LIMIT_SIGN_INS_PER_ADDRESS (an office
 * behind one address, or browser tests that all come from 127.0.0.1, raise it); a bad value stops
 * the start with a clear message.
 */
export function addressTiers(env: NodeJS.ProcessEnv = process.env): Tier[] {
  const raw = env.RATE_LIMIT_SIGN_INS_PER_ADDRESS;
  const perMinute = raw === undefined || raw === '' ? SIGN_INS_PER_ADDRESS : Number(raw);
  if (!Number.isInteger(perMinute) || perMinute < 1) throw new Error(`RATE_LIMIT_SIGN_INS_PER_ADDRESS must be a positive integer, got ${raw}`);
  return [
    { max: perMinute, windowMs: 60_000 },
    { max: 3 * perMinute, windowMs: 10 * 60_000 },
    { max: 10 * perMinute, windowMs: 60 * 60_000 },
  ];
}

/**
 * Counts one attempt on the account (by e-mail) and the address: seconds to wait when over a
 * budget, else null. Passwords and second-factor codes count apart (`kind`): the code's budget is
 * not spent by the password that led to it.
 */
export async function signInAttempt(counters: CounterStore, request: FastifyRequest, email: string, kind: 'password' | 'code' = 'password', perAddress: readonly Tier[] = addressTiers()): Promise<number | null> {
  const account = normalEmail(email).slice(0, 254);
  const prefix = kind === 'password' ? 'o' : 'oc';
  let wait = 0;
  const windows = new Set([...ACCOUNT_TIERS, ...perAddress].map((tier) => tier.windowMs));
  for (const windowMs of windows) {
    const tiers = [...ACCOUNT_TIERS.filter((t) => t.windowMs === windowMs).map((t) => ({ t, key: `${prefix}a${windowMs}:${account}` })), ...perAddress.filter((t) => t.windowMs === windowMs).map((t) => ({ t, key: `${prefix}i${windowMs}:${request.ip}` }))];
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
