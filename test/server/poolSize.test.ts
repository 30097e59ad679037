/**
 * Each server process keeps its own PostgreSQL pool: by default 8 connections, fewer when one
 * server runs many processes, so that a server stays well under PostgreSQL's 100 connections.
 */
import { poolSizeFor } from '../../server/db/postgres/open';

describe('PostgreSQL pool size per process', () => {
  it('is 8 for a few processes and shrinks so that one server holds at most 48 connections', () => {
    expect([1, 2, 4, 6].map(poolSizeFor)).toEqual([8, 8, 8, 8]);
    expect(poolSizeFor(8)).toBe(6);
    expect(poolSizeFor(16)).toBe(3);
    for (const workers of [1, 2, 3, 5, 7, 8, 12, 16, 24]) expect(poolSizeFor(workers) * workers).toBeLessThanOrEqual(48);
  });

  it('keeps at least 2 per process however many there are', () => {
    expect(poolSizeFor(64)).toBe(2);
    expect(poolSizeFor(256)).toBe(2);
  });
});
