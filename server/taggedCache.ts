/** What a tagged cache keeps: anything that says which catalogue facts it shows. */
export interface Tagged {
  /** `product:<id>` for each product shown, `listing` for listings, and so on (dropped by `dropTags`). */
  readonly tags: readonly string[];
}

interface Entry<T> {
  value: T;
  expires: number;
  bytes: number;
}

export interface TaggedCacheOptions<T> {
  /** Bytes kept at most (least recently used go first); 0 turns the cache off. */
  maxBytes: number;
  /** How long an entry is served. */
  ttlMs: number;
  /** The bytes an entry holds (its key is counted besides). */
  bytesOf: (value: T) => number;
  now?: () => number;
}

/**
 * A cache of rendered answers in front of the code that draws them: bounded in bytes, least
 * recently used first out, each entry living at most `ttlMs`, dropped by tag when the catalogue
 * changes (server/catalogueChanges.ts). The page cache (server/pageCache.ts) and the
 * answer cache of public calls (server/answerCache.ts) are two of these.
 */
export class TaggedCache<T extends Tagged> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly byTag = new Map<string, Set<string>>();
  private bytes = 0;
  private readonly now: () => number;
  hits = 0;
  misses = 0;

  constructor(private readonly options: TaggedCacheOptions<T>) {
    this.now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.options.maxBytes > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get sizeBytes(): number {
    return this.bytes;
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) {
      this.misses++;
      return undefined;
    }
    if (entry.expires <= this.now()) {
      this.delete(key);
      this.misses++;
      return undefined;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.hits++;
    return entry.value;
  }

  set(key: string, value: T): void {
    if (!this.enabled) return;
    const bytes = this.options.bytesOf(value) + key.length;
    if (bytes > this.options.maxBytes) return;
    this.delete(key);
    this.entries.set(key, { value, expires: this.now() + this.options.ttlMs, bytes });
    this.bytes += bytes;
    for (const tag of value.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    while (this.bytes > this.options.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    for (const tag of entry.value.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }

  /** Drops every entry carrying one of these tags; returns how many. */
  dropTags(tags: readonly string[]): number {
    let dropped = 0;
    for (const tag of tags) {
      for (const key of [...(this.byTag.get(tag) ?? [])]) {
        this.delete(key);
        dropped++;
      }
    }
    return dropped;
  }

  clear(): void {
    this.entries.clear();
    this.byTag.clear();
    this.bytes = 0;
  }
}
