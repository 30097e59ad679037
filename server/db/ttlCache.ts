/**
 * A small least-recently-used map whose entries also expire after `ttlMs`: for answers that
 * may be a little stale (facet counts, search result sets) but are asked for again and again.
 * Process-local by design: each server process keeps its own, and losing it costs only time.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; expires: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached value, or `compute()`'s, remembered. */
  getOrSet(key: K, compute: () => V): V {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const value = compute();
    this.set(key, value);
    return value;
  }
}
