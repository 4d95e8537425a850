import { navAnswerBytes, type NavAnswer } from './nav-answer.js';

/**
 * Serialised navigation answers of one process, trusted only under the version tokens they were
 * built under (`definitionsVersion` and `navigationVersion`, which every write that can change a
 * tree renews in its transaction, in any process): a new pair of tokens empties the cache. Least
 * recently used answers go first once the count or the byte bound is reached.
 */
export class NavAnswerCache {
  private version = '';
  private readonly entries = new Map<string, NavAnswer>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = 2_000,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  get(version: string, key: string): NavAnswer | undefined {
    if (version !== this.version) return undefined;
    const hit = this.entries.get(key);
    if (hit) {
      // Map order is insertion order: moving the entry to the end marks it most recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(version: string, key: string, answer: NavAnswer): void {
    if (version !== this.version) {
      this.version = version;
      this.entries.clear();
      this.bytes = 0;
    }
    const size = navAnswerBytes(answer);
    if (size > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= navAnswerBytes(old);
      this.entries.delete(key);
    }
    this.entries.set(key, answer);
    this.bytes += size;
    for (const [oldest, value] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= navAnswerBytes(value);
    }
  }
}
