import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { drawCodePage, drawSignInPage } from '../render/admin/signIn';
import { recordAudit } from './audit';
import { ownerLanguage, signInToken, type OwnerDeps } from './guard';
import { decoyHash, PASSWORD_MAX_LENGTH, verifyPassword } from './passwords';
import { clearSessionCookie, hashId, liveSession, SESSION_COOKIE, SIGN_IN_COOKIE, startSession, cookieOptions } from './sessions';
import { signInAttempt } from './throttle';
import { looksLikeRecoveryCode, recoveryHash, totpStep } from './totp';

/**
 * Sign-in, the second factor and sign-out (issue 36, point 1). Each form posts and is answered
 * with a page (303 to the next one, or the form again with what went wrong), so it works
 * without JavaScript; the admin bundle's sign-in machine (machines/ownerSignIn.ts) sends the same
 * posts as JSON and is answered in JSON: `{ status: 'signed-in' | 'code' }` or a 4xx error.
 * A wrong e-mail and a wrong password get the same answer, in about the same time.
 */
type Outcome =
  | { kind: 'signed-in' }
  | { kind: 'code' }
  | { kind: 'wrong' }
  | { kind: 'wrong-code' }
  | { kind: 'throttled'; seconds: number }
  | { kind: 'expired' };

const isJson = (request: FastifyRequest) => /^application\/json/i.test(String(request.headers['content-type'] ?? ''));

function field(request: FastifyRequest, name: string, max: number): string {
  const body = request.body as Record<string, unknown> | undefined;
  const value = body && typeof body === 'object' ? body[name] : undefined;
  return typeof value === 'string' ? value.slice(0, max) : '';
}

function answer(request: FastifyRequest, reply: FastifyReply, outcome: Outcome, formAgain: () => string): FastifyReply {
  if (isJson(request)) {
    switch (outcome.kind) {
      case 'signed-in':
        return reply.send({ status: 'signed-in', location: '/admin/' });
      case 'code':
        return reply.send({ status: 'code' });
      case 'throttled':
        reply.header('Retry-After', String(outcome.seconds));
        return reply.code(429).send({ error: { code: 'too_many_attempts', message: `Too many attempts: try again in ${outcome.seconds} s`, params: { seconds: outcome.seconds } } });
      case 'expired':
        return reply.code(401).send({ error: { code: 'not_signed_in', message: 'Sign in again' } });
      case 'wrong-code':
        return reply.code(401).send({ error: { code: 'wrong_code', message: 'The code is wrong or already used' } });
      default:
        return reply.code(401).send({ error: { code: 'wrong_credentials', message: 'Wrong e-mail or password' } });
    }
  }
  if (outcome.kind === 'signed-in') return reply.code(303).header('Location', '/admin/').send();
  if (outcome.kind === 'code') return reply.code(303).header('Location', '/admin/sign-in/code').send();
  if (outcome.kind === 'expired') return reply.code(303).header('Location', '/admin/').send();
  if (outcome.kind === 'throttled') reply.header('Retry-After', String(outcome.seconds));
  return reply
    .code(outcome.kind === 'throttled' ? 429 : 401)
    .type('text/html; charset=utf-8')
    .send(formAgain());
}

export function signInRoutes(deps: OwnerDeps) {
  const { store } = deps;
  return (scope: FastifyInstance) => {
    scope.post('/sign-in', { config: { ownerPublic: true } }, async (request, reply) => {
      const language = ownerLanguage(request);
      const email = field(request, 'email', 254).trim();
      const password = field(request, 'password', PASSWORD_MAX_LENGTH + 1);
      const formAgain = (notice: 'wrong' | { throttled: number }) => drawSignInPage({ language, csrfToken: signInToken(request, reply), notice, email });
      const wait = await signInAttempt(deps.counters, request, email, 'password', deps.addressTiers);
      if (wait !== null) {
        await recordAudit(store, { ownerId: null, action: 'owner.sign-in-failed', subject: email, detail: `throttled ${wait} s, ${request.ip}` });
        return answer(request, reply, { kind: 'throttled', seconds: wait }, () => formAgain({ throttled: wait }));
      }
      const owner = email ? await store.ownerByEmail(email) : null;
      // An unknown e-mail costs the same hash as a known one: the answer does not tell them apart.
      const right = (await verifyPassword(password, owner?.passwordHash ?? (await decoyHash()))) && owner !== null && password.length <= PASSWORD_MAX_LENGTH;
      if (!right || !owner) {
        await recordAudit(store, { ownerId: owner?.id ?? null, action: 'owner.sign-in-failed', subject: email, detail: `password, ${request.ip}` });
        return answer(request, reply, { kind: 'wrong' }, () => formAgain('wrong'));
      }
      // Whatever session the browser had ends here: a new id for the new sign-in (no fixation).
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await store.revokeSession(hashId(previous), deps.now());
      if (owner.totpSecret) {
        await startSession(store, request, reply, owner.id, 'code', deps.now());
        return answer(request, reply, { kind: 'code' }, () => '');
      }
      await startSession(store, request, reply, owner.id, 'active', deps.now());
      reply.clearCookie(SIGN_IN_COOKIE, cookieOptions(request));
      await recordAudit(store, { ownerId: owner.id, action: 'owner.sign-in', subject: owner.email, detail: `password, ${request.ip}` });
      return answer(request, reply, { kind: 'signed-in' }, () => '');
    });

    scope.get('/sign-in/code', { config: { ownerPublic: true } }, async (request, reply) => {
      const pending = await liveSession(store, request, deps.now(), 'code');
      if (!pending) return reply.code(303).header('Location', '/admin/').send();
      return reply.type('text/html; charset=utf-8').send(drawCodePage({ language: ownerLanguage(request), csrfToken: signInToken(request, reply), notice: null }));
    });

    scope.post('/sign-in/code', { config: { ownerPublic: true } }, async (request, reply) => {
      const language = ownerLanguage(request);
      const now = deps.now();
      const formAgain = (notice: 'wrongCode' | { throttled: number }) => drawCodePage({ language, csrfToken: signInToken(request, reply), notice });
      const pending = await liveSession(store, request, now, 'code');
      if (!pending) return answer(request, reply, { kind: 'expired' }, () => '');
      const owner = await store.ownerById(pending.session.owner.id);
      if (!owner?.totpSecret) return answer(request, reply, { kind: 'expired' }, () => '');
      const wait = await signInAttempt(deps.counters, request, owner.email, 'code', deps.addressTiers);
      if (wait !== null) {
        await recordAudit(store, { ownerId: owner.id, action: 'owner.sign-in-failed', subject: owner.email, detail: `code throttled ${wait} s, ${request.ip}` });
        return answer(request, reply, { kind: 'throttled', seconds: wait }, () => formAgain({ throttled: wait }));
      }
      const code = field(request, 'code', 32);
      let how: string | null = null;
      const step = totpStep(owner.totpSecret, owner.email, code, now);
      if (step !== null && (await store.useTotpStep(owner.id, step))) how = 'code';
      else if (step === null && looksLikeRecoveryCode(code) && (await store.useRecoveryCode(owner.id, recoveryHash(code)))) how = 'recovery code';
      if (!how) {
        await recordAudit(store, { ownerId: owner.id, action: 'owner.sign-in-failed', subject: owner.email, detail: `code, ${request.ip}` });
        return answer(request, reply, { kind: 'wrong-code' }, () => formAgain('wrongCode'));
      }
      await store.revokeSession(pending.session.idHash, now);
      await startSession(store, request, reply, owner.id, 'active', now);
      reply.clearCookie(SIGN_IN_COOKIE, cookieOptions(request));
      await recordAudit(store, { ownerId: owner.id, action: 'owner.sign-in', subject: owner.email, detail: `password and ${how}, ${request.ip}` });
      return answer(request, reply, { kind: 'signed-in' }, () => '');
    });

    scope.post('/sign-out', async (request, reply) => {
      await store.revokeSession(request.ownerSessionHash, deps.now());
      clearSessionCookie(request, reply);
      await recordAudit(store, { ownerId: request.owner?.id ?? null, action: 'owner.sign-out', subject: request.owner?.email });
      if (isJson(request)) return reply.send({ status: 'signed-out' });
      return reply.code(303).header('Location', '/admin/?signed-out=1').send();
    });
  };
}
