import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Busboy from '@fastify/busboy';
import type { CatalogueChanges } from '../catalogueChanges';
import { importCatalogueFile } from '../db/catalogue/importer';
import type { Mailer } from '../messages/mailer';
import { answerRestockedNotices } from '../messages/notify';
import { CONTROL_CHARACTERS } from '../multipart';
import { drawImportPage, type ImportOutcome } from '../render/admin/imports';
import { uploadDirFromEnv } from '../routes/contact';
import { recordAudit } from './audit';
import { ownerLanguage, type OwnerDeps } from './guard';

export interface ImportRouteDeps extends OwnerDeps {
  /** This process's catalogue changes (server/catalogueChanges.ts): its own pages go at once. */
  changes: CatalogueChanges | null;
  /** "Back in stock" mails (SMTP_URL); null: the notices wait for `npm run messages`. */
  mailer: Mailer | null;
  /** Where the upload is written while it arrives (UPLOAD_DIR; default: the system's temporary directory). */
  uploadDir?: string;
}

/** The largest catalogue file the back office takes (CATALOGUE_UPLOAD_MAX_MB, default 200). */
export function importMaxMbFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.CATALOGUE_UPLOAD_MAX_MB);
  return Number.isInteger(value) && value > 0 ? value : 200;
}

type Received = { kind: 'file'; path: string; fileName: string } | { kind: 'noFile' | 'tooLarge' };

/**
 * Streams the multipart body's `catalogue` file to a temporary file (never held in memory); any
 * other part is read and dropped. Past `maxBytes` the file is refused (the rest of the body is
 * read and dropped, so the answer reaches the browser).
 */
function receiveFile(request: FastifyRequest, dir: string, maxBytes: number): Promise<Received> {
  const payload = request.body as NodeJS.ReadableStream;
  return new Promise((resolve, reject) => {
    let busboy: ReturnType<typeof Busboy>;
    try {
      busboy = Busboy({ headers: { ...request.headers, 'content-type': String(request.headers['content-type'] ?? '') }, limits: { files: 1, parts: 4, fileSize: maxBytes, fieldSize: 1024, headerPairs: 20 } });
    } catch {
      resolve({ kind: 'noFile' });
      return;
    }
    let file: { path: string; fileName: string; written: Promise<unknown>; size: number; truncated: boolean } | null = null;
    busboy.on('file', (name: string, stream: NodeJS.ReadableStream & { resume(): void }, fileName: string) => {
      if (name !== 'catalogue' || file || !fileName || CONTROL_CHARACTERS.test(fileName)) return void stream.resume();
      const path = join(dir, 'catalogue.jsonl');
      const out = createWriteStream(path);
      const entry = { path, fileName: fileName.slice(0, 200), written: finished(out), size: 0, truncated: false };
      file = entry;
      stream.on('data', (chunk: Buffer) => (entry.size += chunk.length));
      stream.on('limit', () => (entry.truncated = true));
      stream.pipe(out);
    });
    busboy.on('field', () => undefined);
    busboy.on('error', () => resolve({ kind: 'noFile' }));
    busboy.on('finish', () => {
      const chosen = file as typeof file;
      if (!chosen) return resolve({ kind: 'noFile' });
      chosen.written.then(
        () => resolve(chosen.truncated ? { kind: 'tooLarge' } : chosen.size === 0 ? { kind: 'noFile' } : { kind: 'file', path: chosen.path, fileName: chosen.fileName }),
        (error: Error) => reject(error),
      );
    });
    payload.on('error', (error: Error) => reject(error));
    payload.pipe(busboy);
  });
}

/**
 * Catalogue imports in the back office (issue 36, point 4). GET draws the upload form; POST takes
 * the file (multipart, streamed to a temporary file, at most CATALOGUE_UPLOAD_MAX_MB) and runs
 * `npm run catalogue:import`'s own check and store (server/db/catalogue/importer.ts): a file with
 * any bad line changes nothing and the page lists its errors by line and field (400); a good one
 * replaces the catalogue in one transaction that records the change for every server (the change
 * log, NOTIFY on PostgreSQL), this server's pages go at once, sizes back in stock mail their
 * notices, and the import is audited (`catalogue.import`, with its counts). One import at a time
 * per process (another is answered 409).
 */
export function importRoutes(deps: ImportRouteDeps) {
  const maxMb = importMaxMbFromEnv();
  const maxBytes = maxMb * 1024 * 1024;
  let importing = false;
  return (scope: FastifyInstance) => {
    const html = 'text/html; charset=utf-8';
    scope.get('/imports', async (request, reply) => reply.type(html).send(drawImportPage(request, ownerLanguage(request), maxMb, null)));

    // The upload's body is read by the handler (after the guard's session and token checks), not
    // by the shop's contact-form parser: this route's own scope takes multipart as a stream.
    void scope.register(async (inner) => {
      inner.removeContentTypeParser('multipart/form-data');
      inner.addContentTypeParser('multipart/form-data', (_request, payload, done) => done(null, payload));
      inner.post('/imports', { bodyLimit: maxBytes + 64 * 1024 }, async (request, reply) => {
        const answer = (code: number, outcome: ImportOutcome) => reply.code(code).type(html).send(drawImportPage(request, ownerLanguage(request), maxMb, outcome));
        if (!/^multipart\/form-data/i.test(String(request.headers['content-type'] ?? ''))) return answer(400, { kind: 'noFile' });
        if (importing) return drain(request, () => answer(409, { kind: 'busy' }));
        importing = true;
        const dir = mkdtempSync(join(deps.uploadDir ?? uploadDirFromEnv() ?? tmpdir(), 'shop-import-'));
        try {
          const received = await receiveFile(request, dir, maxBytes);
          if (received.kind !== 'file') return answer(received.kind === 'tooLarge' ? 413 : 400, { kind: received.kind });
          const writer = await deps.repo.catalogueWriter();
          try {
            const result = await importCatalogueFile(writer.db, received.path, { now: deps.now() });
            if (!result.ok) return answer(400, { kind: 'refused', fileName: received.fileName, errors: result.errors, errorCount: result.errorCount, numbering: result.numbering });
            const { summary } = result;
            await deps.changes?.drop('all');
            let mailed = 0;
            if (summary.restocked.length && deps.mailer) mailed = (await answerRestockedNotices(writer.db, summary.restocked, { mailer: deps.mailer, origin: deps.mailer.origin })).sent;
            const { products } = summary;
            await recordAudit(deps, {
              ownerId: request.owner!.id,
              action: 'catalogue.import',
              subject: received.fileName,
              detail: `${products.total} products: ${products.added} added, ${products.updated} updated, ${products.removed} removed; ${result.records} records; catalogue version ${summary.catalogueVersion}`,
            });
            return answer(200, { kind: 'applied', fileName: received.fileName, summary, mailed });
          } finally {
            await writer.close();
          }
        } finally {
          rmSync(dir, { recursive: true, force: true });
          importing = false;
        }
      });
    });
  };
}

/** Answers once the body is read and dropped (a browser shows an answer only after its upload). */
function drain(request: FastifyRequest, send: () => FastifyReply): Promise<FastifyReply> {
  const payload = request.body as NodeJS.ReadableStream & { resume(): void };
  return new Promise((resolve) => {
    payload.on('end', () => resolve(send()));
    payload.on('error', () => resolve(send()));
    payload.resume();
  });
}
