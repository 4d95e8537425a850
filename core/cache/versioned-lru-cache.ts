/**
 * What a versioned cache is given: how much memory a value holds, and its two bounds. Least
 * recently used values go first once either bound is reached; a value larger than the byte bound
 * is not kept at all.
 */
export interface VersionedLruCacheOptions<V> {
  sizeOf(value: V): number;
  maxEntries: number;
  maxBytes: number;
}

/**
 * Values of one process trusted only under the version they were kept under (a version token of
 * the storage, which every write that can change them renews in its transaction, in any process):
 * a `set` under a new version empties the cache, and a `get` under another version finds nothing.
 * Bounded by count and by bytes, least recently used first.
 */
export class VersionedLruCache<V> {
  private version = '';
  private readonly entries = new Map<string, V>();
  private bytes = 0;
  /** The most recently used key: a hit on it again (a popular answer) moves nothing. */
  private newest: string | undefined;

  constructor(private readonly options: VersionedLruCacheOptions<V>) {}

  get(version: string, key: string): V | undefined {
    if (version !== this.version) return undefined;
    const hit = this.entries.get(key);
    if (hit !== undefined && key !== this.newest) {
      // Map order is insertion order: moving the entry to the end marks it most recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
      this.newest = key;
    }
    return hit;
  }

  /** The value kept for `key` under whichever version, without marking it used. */
  peek(key: string): V | undefined {
    return this.entries.get(key);
  }

  set(version: string, key: string, value: V): void {
    if (version !== this.version) {
      this.version = version;
      this.entries.clear();
      this.bytes = 0;
    }
    this.remove(key);
    const size = this.options.sizeOf(value);
    if (size > this.options.maxBytes) return;
    this.entries.set(key, value);
    this.newest = key;
    this.bytes += size;
    const { maxEntries, maxBytes } = this.options;
    for (const [oldest, old] of this.entries) {
      if (this.entries.size <= maxEntries && this.bytes <= maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= this.options.sizeOf(old);
    }
  }

  /** Forgets a value found out of date, so that it holds no memory until it is kept again. */
  delete(version: string, key: string): void {
    if (version === this.version) this.remove(key);
  }

  /** How many values, and how many bytes, the cache holds now. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private remove(key: string): void {
    const old = this.entries.get(key);
    if (old === undefined) return;
    this.entries.delete(key);
    this.bytes -= this.options.sizeOf(old);
  }
}
