import type { ShopRepository } from '../db/repository';
import { shopClock } from '../clock';
import { OwnerStore, type AuditEntry } from './ownerStore';

export type { AuditEntry };

/**
 * The audit log (issue 36, point 8): who did what and when, kept in the database. Actions are
 * dotted names (`owner.sign-in`, `owner.sign-in-failed`, `owner.sign-out`, `owner.2fa-on`,
 * `owner.2fa-off`; `order.status`, `product.price`, `catalogue.import`… by the sections that
 * record them); `subject` names what it was done to (an order's number, a product's id, an
 * e-mail), `detail` says how (from → to).
 */
export interface AuditRecord {
  /** Who did it; null for what no signed-in owner did (a failed sign-in). */
  ownerId: number | null;
  action: string;
  subject?: string;
  detail?: string;
}

/** An OwnerStore, or what makes one (a repository, or the owner area's deps). */
export type AuditTarget = OwnerStore | Pick<ShopRepository, 'sqlDialect' | 'readSteps' | 'transactionSteps'> | { store: OwnerStore };

function storeOf(target: AuditTarget): OwnerStore {
  if (target instanceof OwnerStore) return target;
  if ('store' in target) return target.store;
  return new OwnerStore(target);
}

const clip = (text: string | undefined, max: number) => (text === undefined ? null : text.slice(0, max));

export async function recordAudit(target: AuditTarget, record: AuditRecord): Promise<void> {
  await storeOf(target).addAudit({
    at: shopClock.now().toISOString(),
    owner_id: record.ownerId,
    action: record.action.slice(0, 64),
    subject: clip(record.subject, 256),
    detail: clip(record.detail, 2000),
  });
}

/** One page of the log, newest first. */
export async function auditPage(target: AuditTarget, options: { limit: number; offset?: number; action?: string }): Promise<AuditEntry[]> {
  return storeOf(target).auditEntries(options);
}
