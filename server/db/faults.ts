import { accessSync, constants } from 'node:fs';

/**
 * The database going away (issue 21): what the shop answers instead of crashing or hanging.
 * A failure of the storage itself (not of the request) is a `DatabaseUnavailable`; the server
 * answers it 503 with Retry-After, and says whether a write may or may not have been applied.
 */

/** Seconds a client is told to wait before trying again. */
export const RETRY_AFTER_S = 5;

export class DatabaseUnavailable extends Error {
  constructor(
    message: string,
    /** A write whose outcome the shop cannot know (the connection died around its COMMIT) or that did not happen. */
    readonly write: boolean,
    readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'DatabaseUnavailable';
  }
}

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** SQLSTATEs of a connection that died or a server that refuses work: admin shutdown (a terminated backend), crash, cannot connect now, too many connections. */
const PG_GONE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '53000']);

/** Whether a PostgreSQL (pg) error means the connection died or could not be made: a read may be sent again on a fresh one. */
export function isConnectionLoss(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (CONNECTION_CODES.has(code) || PG_GONE_STATES.has(code) || code.startsWith('08')) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return /Connection terminated|Client has encountered a connection error|connection is closed|Client was closed|timeout exceeded when trying to connect|Connection terminated due to connection timeout/i.test(message);
}

/** Whether a pg error is a timeout of the shop's own (statement, lock or query read timeout; waiting for a pooled connection). */
export function isTimeout(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (e.code === '57014' || e.code === '55P03') return true;
  return typeof e.message === 'string' && /Query read timeout|timeout exceeded when trying to connect/i.test(e.message);
}

/**
 * Whether a pg error says the database takes no writes now (SQLSTATE 25006: a standby, or a
 * database set `default_transaction_read_only` by its operator): a write is answered 503, not 500.
 */
export function isReadOnly(error: unknown): boolean {
  const e = error as { code?: unknown } | null;
  return !!e && typeof e === 'object' && e.code === '25006';
}

/** SQLite's failures of the storage (not of a statement): disk full, a read-only file, I/O errors, locked past the busy timeout, a closed handle. */
export function isSqliteStorageFailure(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (/^SQLITE_(FULL|READONLY|IOERR|BUSY|LOCKED|CANTOPEN|CORRUPT|NOTADB|PROTOCOL)/.test(code)) return true;
  return error instanceof TypeError && /database connection is not open/i.test(String(e.message));
}

/** The storage failure behind an error (a DatabaseUnavailable, or one the repositories did not wrap), or null for any other error. */
export function storageFailure(error: unknown): DatabaseUnavailable | null {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof DatabaseUnavailable) return current;
    if (isSqliteStorageFailure(current)) {
      const code = String((current as { code?: unknown }).code ?? '');
      const write = /^SQLITE_(FULL|READONLY)/.test(code);
      return new DatabaseUnavailable(write ? `The database cannot take writes (${code})` : 'The database is not answering', write, current);
    }
    if (isReadOnly(current)) return new DatabaseUnavailable('The database cannot take writes (read-only)', true, current);
    if (isConnectionLoss(current) || isTimeout(current)) return new DatabaseUnavailable('The database is not answering', false, current);
    current = (current as { originalError?: unknown; cause?: unknown }).originalError ?? (current as { cause?: unknown }).cause;
  }
  return null;
}

/** The 503 answer's message. */
export function unavailableMessage(failure: DatabaseUnavailable): string {
  return failure.write
    ? `The change could not be saved now (the database is not answering): read the basket again and retry in ${RETRY_AFTER_S} s`
    : `The shop's database is not answering: try again in ${RETRY_AFTER_S} s`;
}

/**
 * Whether the files of a SQLite database (the file, its -wal and -shm) can be written now: a
 * disk remounted read-only (EROFS) or files made immutable (EPERM) cannot. Read before the
 * database is touched, since SQLite maps its -shm file into memory: once that file cannot be
 * written, any access through the mapping kills the process (SIGBUS). `shared`: the -shm file
 * (every access, reads too, needs it); `files`: the database and its log (writes need them).
 */
export function sqliteFilesWritable(path: string): { shared: boolean; files: boolean } {
  if (!path || path === ':memory:') return { shared: true, files: true };
  const writable = (file: string) => {
    try {
      accessSync(file, constants.W_OK);
      return true;
    } catch (error) {
      // A file not there yet (no -wal before the first write) is no obstacle.
      return (error as { code?: string }).code === 'ENOENT';
    }
  };
  return { shared: writable(`${path}-shm`), files: writable(path) && writable(`${path}-wal`) };
}

/** The failure a SQLite database whose files cannot be written answers (before SQLite is touched), or null when they can. */
export function sqliteUnwritable(path: string, write: boolean): DatabaseUnavailable | null {
  const state = sqliteFilesWritable(path);
  if (!state.shared) return new DatabaseUnavailable('The database files cannot be written (read-only disk)', write);
  if (write && !state.files) return new DatabaseUnavailable('The database cannot take writes (read-only disk)', true);
  return null;
}
