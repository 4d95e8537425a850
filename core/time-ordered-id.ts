import { randomUUID } from 'node:crypto';

/**
 * A UUID of version 7 (RFC 9562): the time in milliseconds, then random bits. Rows keyed by it are
 * written next to the rows written just before, where a random (version 4) key lands anywhere in
 * its B-tree: inserting jobs into SQLite with both their keys random took twice the time (56 µs
 * against 26, group commits of 10). For internal rows only: the first ten hex digits of an
 * identifier or inode are its "shorty", which must tell items apart, so those stay random.
 *
 * The random bits are those of a version 4 UUID (its variant bits too) after the time and the
 * version digit: `randomUUID` draws them from a buffer it fills now and then, where a call of
 * `randomBytes` per id asked the system for entropy each time (3% of a Publish fire's answering thread).
 */
export function timeOrderedId(): string {
  const time = Date.now().toString(16).padStart(12, '0');
  // xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx: everything after the `4`, kept.
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${randomUUID().slice(15)}`;
}
