import type { Kysely } from 'kysely';
import { queryWriter, step, type SqlDialect } from '../db/steps';
import type { ShopRepository } from '../db/repository';
import type { AuditRow, OwnerSessionRow, OwnerTables } from './tables';

/**
 * Owners, their sessions and the audit log (issue 36), written once for both databases: each
 * operation is a generator of the statements Kysely writes (server/db/steps.ts), run by the
 * repository (`readSteps`, `transactionSteps`) on SQLite or PostgreSQL alike.
 */
const writers: Record<SqlDialect, Kysely<OwnerTables>> = { sqlite: queryWriter<OwnerTables>('sqlite'), postgres: queryWriter<OwnerTables>('postgres') };

export interface Owner {
  id: number;
  email: string;
  passwordHash: string;
  totpSecret: string | null;
  totpLastStep: number | null;
  recoveryCodes: string[];
}

export interface OwnerSession {
  idHash: string;
  stage: OwnerSessionRow['stage'];
  csrfToken: string;
  createdAt: Date;
  lastSeenAt: Date;
  revoked: boolean;
  owner: { id: number; email: string; totp: boolean };
}

export interface AuditEntry {
  id: number;
  at: string;
  ownerId: number | null;
  ownerEmail: string | null;
  action: string;
  subject: string | null;
  detail: string | null;
}

const ownerColumns = ['id', 'email', 'password_hash', 'totp_secret', 'totp_last_step', 'recovery_codes'] as const;

function toOwner(row: { id: number; email: string; password_hash: string; totp_secret: string | null; totp_last_step: number | string | null; recovery_codes: string | null }): Owner {
  return {
    id: Number(row.id),
    email: row.email,
    passwordHash: row.password_hash,
    totpSecret: row.totp_secret,
    totpLastStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
    recoveryCodes: row.recovery_codes ? (JSON.parse(row.recovery_codes) as string[]) : [],
  };
}

/** E-mail addresses are compared as typed but for case and surrounding spaces. */
export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The store over one repository's connection (its dialect and its runners). */
export class OwnerStore {
  private readonly w: Kysely<OwnerTables>;

  constructor(private readonly repo: Pick<ShopRepository, 'sqlDialect' | 'readSteps' | 'transactionSteps'>) {
    this.w = writers[repo.sqlDialect];
  }

  /* ---------------------------------------------------------------- owners */

  /** Creates an owner, or sets the password of the one with this e-mail: whether it was new. */
  async saveOwner(email: string, passwordHash: string, now: Date): Promise<{ id: number; created: boolean }> {
    const w = this.w;
    return this.repo.transactionSteps(function* () {
      const [existing] = yield* step(w.selectFrom('owners').select('id').where('email', '=', normalEmail(email)).compile());
      if (existing) {
        yield* step(w.updateTable('owners').set({ password_hash: passwordHash }).where('id', '=', existing.id).compile());
        // A new password ends every session of the old one.
        yield* step(w.updateTable('owner_sessions').set({ revoked_at: now.toISOString() }).where('owner_id', '=', existing.id).where('revoked_at', 'is', null).compile());
        return { id: Number(existing.id), created: false };
      }
      const [row] = yield* step(
        w.insertInto('owners').values({ email: normalEmail(email), password_hash: passwordHash, totp_secret: null, totp_last_step: null, recovery_codes: null, created_at: now.toISOString() }).returning('id').compile(),
      );
      return { id: Number(row.id), created: true };
    });
  }

  async ownerByEmail(email: string): Promise<Owner | null> {
    const w = this.w;
    return this.repo.readSteps(
      (function* () {
        const [row] = yield* step(w.selectFrom('owners').select(ownerColumns).where('email', '=', normalEmail(email)).compile());
        return row ? toOwner(row) : null;
      })(),
    );
  }

  async ownerById(id: number): Promise<Owner | null> {
    const w = this.w;
    return this.repo.readSteps(
      (function* () {
        const [row] = yield* step(w.selectFrom('owners').select(ownerColumns).where('id', '=', id).compile());
        return row ? toOwner(row) : null;
      })(),
    );
  }

  /**
   * Records that a TOTP code of `timeStep` was accepted, only when it is later than the last one
   * (a code is used once, and an older one never after a newer): whether it was.
   */
  async useTotpStep(ownerId: number, timeStep: number): Promise<boolean> {
    const w = this.w;
    return this.repo.transactionSteps(function* () {
      const [row] = yield* step(w.selectFrom('owners').select('totp_last_step').where('id', '=', ownerId).compile());
      if (!row || (row.totp_last_step !== null && Number(row.totp_last_step) >= timeStep)) return false;
      yield* step(w.updateTable('owners').set({ totp_last_step: timeStep }).where('id', '=', ownerId).compile());
      return true;
    });
  }

  /** Turns the second factor on (a secret and recovery codes' hashes) or off (null). */
  async setSecondFactor(ownerId: number, factor: { secret: string; step: number; recoveryHashes: string[] } | null): Promise<void> {
    const w = this.w;
    await this.repo.transactionSteps(function* () {
      yield* step(
        w
          .updateTable('owners')
          .set(factor ? { totp_secret: factor.secret, totp_last_step: factor.step, recovery_codes: JSON.stringify(factor.recoveryHashes) } : { totp_secret: null, totp_last_step: null, recovery_codes: null })
          .where('id', '=', ownerId)
          .compile(),
      );
    });
  }

  /** Uses up one recovery code (by its hash): whether it was there. */
  async useRecoveryCode(ownerId: number, codeHash: string): Promise<boolean> {
    const w = this.w;
    return this.repo.transactionSteps(function* () {
      const [row] = yield* step(w.selectFrom('owners').select('recovery_codes').where('id', '=', ownerId).compile());
      const codes = row?.recovery_codes ? (JSON.parse(row.recovery_codes) as string[]) : [];
      if (!codes.includes(codeHash)) return false;
      yield* step(w.updateTable('owners').set({ recovery_codes: JSON.stringify(codes.filter((code) => code !== codeHash)) }).where('id', '=', ownerId).compile());
      return true;
    });
  }

  /* ---------------------------------------------------------------- sessions */

  async createSession(session: { idHash: string; ownerId: number; stage: OwnerSessionRow['stage']; csrfToken: string; address: string; now: Date }): Promise<void> {
    const w = this.w;
    const at = session.now.toISOString();
    await this.repo.transactionSteps(function* () {
      yield* step(
        w
          .insertInto('owner_sessions')
          .values({ id_hash: session.idHash, owner_id: session.ownerId, stage: session.stage, csrf_token: session.csrfToken, created_at: at, last_seen_at: at, revoked_at: null, address: session.address })
          .compile(),
      );
    });
  }

  async session(idHash: string): Promise<OwnerSession | null> {
    const w = this.w;
    return this.repo.readSteps(
      (function* () {
        const [row] = yield* step(
          w
            .selectFrom('owner_sessions as s')
            .innerJoin('owners as o', 'o.id', 's.owner_id')
            .select(['s.id_hash', 's.stage', 's.csrf_token', 's.created_at', 's.last_seen_at', 's.revoked_at', 'o.id as owner_id', 'o.email', 'o.totp_secret'])
            .where('s.id_hash', '=', idHash)
            .compile(),
        );
        if (!row) return null;
        return {
          idHash: row.id_hash,
          stage: row.stage,
          csrfToken: row.csrf_token,
          createdAt: new Date(row.created_at),
          lastSeenAt: new Date(row.last_seen_at),
          revoked: row.revoked_at !== null,
          owner: { id: Number(row.owner_id), email: row.email, totp: row.totp_secret !== null },
        };
      })(),
    );
  }

  async touchSession(idHash: string, now: Date): Promise<void> {
    const w = this.w;
    await this.repo.transactionSteps(function* () {
      yield* step(w.updateTable('owner_sessions').set({ last_seen_at: now.toISOString() }).where('id_hash', '=', idHash).where('revoked_at', 'is', null).compile());
    });
  }

  async revokeSession(idHash: string, now: Date): Promise<void> {
    const w = this.w;
    await this.repo.transactionSteps(function* () {
      yield* step(w.updateTable('owner_sessions').set({ revoked_at: now.toISOString() }).where('id_hash', '=', idHash).where('revoked_at', 'is', null).compile());
    });
  }

  /** Ends every session of an owner (but `except`): how many. */
  async revokeOwnerSessions(ownerId: number, now: Date, except?: string): Promise<number> {
    const w = this.w;
    return this.repo.transactionSteps(function* () {
      let query = w.updateTable('owner_sessions').set({ revoked_at: now.toISOString() }).where('owner_id', '=', ownerId).where('revoked_at', 'is', null);
      if (except) query = query.where('id_hash', '!=', except);
      const live = yield* step(
        w.selectFrom('owner_sessions').select('id_hash').where('owner_id', '=', ownerId).where('revoked_at', 'is', null).where('id_hash', '!=', except ?? '').compile(),
      );
      yield* step(query.compile());
      return live.length;
    });
  }

  /* ---------------------------------------------------------------- audit log */

  async addAudit(entry: Omit<AuditRow, 'id'>): Promise<void> {
    const w = this.w;
    await this.repo.transactionSteps(function* () {
      yield* step(w.insertInto('audit_log').values(entry).compile());
    });
  }

  /** The newest entries first, `limit` of them from `offset`, optionally of one action. */
  async auditEntries(options: { limit: number; offset?: number; action?: string }): Promise<AuditEntry[]> {
    const w = this.w;
    return this.repo.readSteps(
      (function* () {
        let query = w
          .selectFrom('audit_log as a')
          .leftJoin('owners as o', 'o.id', 'a.owner_id')
          .select(['a.id', 'a.at', 'a.owner_id', 'o.email', 'a.action', 'a.subject', 'a.detail'])
          .orderBy('a.id', 'desc')
          .limit(options.limit)
          .offset(options.offset ?? 0);
        if (options.action) query = query.where('a.action', '=', options.action);
        const rows = yield* step(query.compile());
        return rows.map((r) => ({ id: Number(r.id), at: r.at, ownerId: r.owner_id === null ? null : Number(r.owner_id), ownerEmail: r.email, action: r.action, subject: r.subject, detail: r.detail }));
      })(),
    );
  }
}
