import type { FastifyInstance, FastifyRequest } from 'fastify';
import { drawAuditPage } from '../render/admin/audit';
import { drawSecurityPage } from '../render/admin/security';
import { auditPage, recordAudit } from './audit';
import { ownerLanguage, type OwnerDeps } from './guard';
import { looksLikeRecoveryCode, newRecoveryCodes, newTotpSecret, otpauthUri, recoveryHash, totpStep } from './totp';

const AUDIT_PAGE_SIZE = 50;

function field(request: FastifyRequest, name: string, max: number): string {
  const body = request.body as Record<string, unknown> | undefined;
  const value = body && typeof body === 'object' ? body[name] : undefined;
  return typeof value === 'string' ? value.slice(0, max).trim() : '';
}

/**
 * The owner's own sign-in settings (issue 36, point 1) and the audit log's page (point 8): the
 * second factor turned on (a new key shown with its otpauth address, confirmed by a code; ten
 * recovery codes shown once) or off (with a current code), the owner's other sessions ended.
 */
export function securityRoutes(deps: OwnerDeps) {
  const { store } = deps;
  return (scope: FastifyInstance) => {
    const html = 'text/html; charset=utf-8';

    scope.get('/security', async (request, reply) => {
      const owner = await store.ownerById(request.owner!.id);
      const query = request.query as Record<string, string | undefined>;
      const others = Number(query.others);
      const notice = query.off !== undefined ? ('turnedOff' as const) : Number.isInteger(others) && others >= 0 && query.others !== undefined ? { othersSignedOut: others } : undefined;
      return reply.type(html).send(drawSecurityPage(request, ownerLanguage(request), { kind: 'status', totp: Boolean(owner?.totpSecret), notice }));
    });

    // A new key to add to an authenticator app: nothing is stored until a code from it is confirmed.
    scope.get('/security/2fa', async (request, reply) => {
      const owner = request.owner!;
      const secret = newTotpSecret();
      return reply.type(html).send(drawSecurityPage(request, ownerLanguage(request), { kind: 'setup', secret, uri: otpauthUri(secret, owner.email) }));
    });

    scope.post('/security/2fa', async (request, reply) => {
      const owner = request.owner!;
      const language = ownerLanguage(request);
      const secret = field(request, 'secret', 64).toUpperCase();
      if (!/^[A-Z2-7]{16,64}$/.test(secret)) return reply.code(400).send({ error: { code: 'invalid_secret', message: 'The key is not a base32 TOTP secret' } });
      const step = totpStep(secret, owner.email, field(request, 'code', 16), deps.now());
      if (step === null) return reply.code(400).type(html).send(drawSecurityPage(request, language, { kind: 'setup', secret, uri: otpauthUri(secret, owner.email), wrongCode: true }));
      const recoveryCodes = newRecoveryCodes();
      await store.setSecondFactor(owner.id, { secret, step, recoveryHashes: recoveryCodes.map(recoveryHash) });
      await recordAudit(store, { ownerId: owner.id, action: 'owner.2fa-on', subject: owner.email });
      return reply.type(html).send(drawSecurityPage(request, language, { kind: 'turnedOn', recoveryCodes }));
    });

    scope.post('/security/2fa/off', async (request, reply) => {
      const owner = await store.ownerById(request.owner!.id);
      const language = ownerLanguage(request);
      const code = field(request, 'code', 32);
      if (!owner?.totpSecret) return reply.code(303).header('Location', '/admin/security').send();
      const step = totpStep(owner.totpSecret, owner.email, code, deps.now());
      const right = step !== null ? await store.useTotpStep(owner.id, step) : looksLikeRecoveryCode(code) && (await store.useRecoveryCode(owner.id, recoveryHash(code)));
      if (!right) return reply.code(400).type(html).send(drawSecurityPage(request, language, { kind: 'status', totp: true, notice: 'wrongCode' }));
      await store.setSecondFactor(owner.id, null);
      await recordAudit(store, { ownerId: owner.id, action: 'owner.2fa-off', subject: owner.email });
      return reply.code(303).header('Location', '/admin/security?off=1').send();
    });

    scope.post('/security/sign-out-others', async (request, reply) => {
      const owner = request.owner!;
      const count = await store.revokeOwnerSessions(owner.id, deps.now(), request.ownerSessionHash);
      await recordAudit(store, { ownerId: owner.id, action: 'owner.sessions-revoked', subject: owner.email, detail: `${count} other sessions` });
      return reply.code(303).header('Location', `/admin/security?others=${count}`).send();
    });

    scope.get('/audit', async (request, reply) => {
      const requested = Number((request.query as Record<string, unknown>).page ?? 1);
      const page = Number.isInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1;
      const rows = await auditPage(store, { limit: AUDIT_PAGE_SIZE + 1, offset: (page - 1) * AUDIT_PAGE_SIZE });
      return reply.type(html).send(drawAuditPage(request, ownerLanguage(request), { entries: rows.slice(0, AUDIT_PAGE_SIZE), page, more: rows.length > AUDIT_PAGE_SIZE }));
    });
  };
}
