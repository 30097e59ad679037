import { closeSync, createReadStream, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { CatalogueReader, type CatalogueError, type CatalogueRows } from './format';

export interface CheckedFile {
  rows: CatalogueRows | null;
  errors: CatalogueError[];
  errorCount: number;
  records: number;
  /** What an error's number counts: the file's lines (JSON Lines) or the array's records (one JSON array). */
  numbering: 'line' | 'record';
}

/** Whether the file is one JSON array (its first character other than a space is `[`). */
function isJsonArray(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(256);
    const read = readSync(fd, head, 0, head.length, 0);
    return /^\uFEFF?\s*\[/.test(head.subarray(0, read).toString('utf8'));
  } finally {
    closeSync(fd);
  }
}

/**
 * Checks a catalogue file: JSON Lines (one record per line, read as a stream), or one JSON array of
 * the same records. `progress` hears bytes (or records) done of the total.
 */
export async function readCatalogueFile(path: string, progress?: (done: number, total: number, unit: 'bytes' | 'records') => void): Promise<CheckedFile> {
  const total = statSync(path).size;
  const reader = new CatalogueReader();
  if (isJsonArray(path)) {
    let records: unknown;
    try {
      records = JSON.parse(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''));
    } catch (error) {
      return { rows: null, errors: [{ line: 0, field: 'record', reason: `is not JSON: ${(error as Error).message}` }], errorCount: 1, records: 0, numbering: 'record' };
    }
    const list = records as unknown[];
    list.forEach((record, index) => {
      reader.line(JSON.stringify(record), index + 1);
      if (progress && index % 2000 === 0) progress(index, list.length, 'records');
    });
    progress?.(list.length, list.length, 'records');
    const rows = reader.finish();
    return { rows, errors: reader.errors, errorCount: reader.errorCount, records: reader.records, numbering: 'record' };
  }
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 });
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let number = 0;
  let lastReport = 0;
  for await (const text of lines) {
    number++;
    reader.line(number === 1 ? text.replace(/^\uFEFF/, '') : text, number);
    if (progress && number - lastReport >= 2000) {
      lastReport = number;
      progress(stream.bytesRead, total, 'bytes');
    }
  }
  progress?.(total, total, 'bytes');
  const rows = reader.finish();
  return { rows, errors: reader.errors, errorCount: reader.errorCount, records: reader.records, numbering: 'line' };
}
