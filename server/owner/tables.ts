import type { Generated } from 'kysely';

/**
 * The back office's tables (issue 36), as both schemas define them (migration 22 of
 * server/db/schema.ts and of server/db/postgres/schema.ts): Kysely checks every statement of
 * server/owner/ownerStore.ts against them when the project is type-checked.
 */
export interface OwnerRow {
  id: Generated<number>;
  email: string;
  /** scrypt$N$r$p$salt$hash (server/owner/passwords.ts). */
  password_hash: string;
  /** The TOTP secret (base32) once the owner turned the second factor on; null when off. */
  totp_secret: string | null;
  /** The last TOTP step a code was accepted for: a code is used once. */
  totp_last_step: number | null;
  /** The SHA-256 of each unused recovery code, JSON array; null when none. */
  recovery_codes: string | null;
  created_at: string;
}

export interface OwnerSessionRow {
  /** SHA-256 (hex) of the cookie's id: the database never holds a usable id. */
  id_hash: string;
  owner_id: number;
  /** 'active' (signed in) or 'code' (password right, the second factor awaited). */
  stage: 'active' | 'code';
  /** The session's token every state-changing request carries. */
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  revoked_at: string | null;
  address: string;
}

export interface AuditRow {
  id: Generated<number>;
  at: string;
  owner_id: number | null;
  action: string;
  subject: string | null;
  detail: string | null;
}

export interface OwnerTables {
  owners: OwnerRow;
  owner_sessions: OwnerSessionRow;
  audit_log: AuditRow;
}
