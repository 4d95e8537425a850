import type { Readable } from 'node:stream';
import type { Config } from '../config/config.js';
import type { Logger } from '../logger.js';

/**
 * Where uploaded files (Binary field values) live. Keys are chosen by the service, never taken from
 * a client: `<random id>/<sanitised file name>`, segments of letters, digits, `.`, `_` and `-`.
 *
 * A store must:
 * - write atomically: a reader sees the whole previous content or the whole new one, never a part;
 * - refuse a key that `isAssetKey` refuses (defence in depth: a key must never become a path
 *   outside the store), by throwing;
 * - answer `undefined` from `stat` and `open` for a key it does not hold, and treat `delete` of a
 *   missing key as done (several processes sweeping one store may delete the same key);
 * - list the keys it holds, if it can (`list`): without it, files nothing references any more are
 *   never swept, and the service says so once at start.
 * Any other failure is thrown and fails the request that stores the file.
 *
 * @example
 * const memory = new Map<string, { content: Buffer; modifiedAt: number }>();
 * export const memoryAssets: AssetStorage = {
 *   async write(key, content) { memory.set(key, { content: Buffer.from(content), modifiedAt: Date.now() }); return { size: content.length }; },
 *   async stat(key) { const f = memory.get(key); return f && { size: f.content.length }; },
 *   async open(key) { const f = memory.get(key); return f && { size: f.content.length, stream: Readable.from([f.content]) }; },
 *   async delete(key) { memory.delete(key); },
 *   async *list() { for (const [key, f] of memory) yield { key, modifiedAt: f.modifiedAt }; },
 * };
 */
export interface AssetStorage {
  write(key: string, content: Buffer): Promise<{ size: number }>;
  /**
   * Writes the content of a local file (an upload the host spooled to disk) under `key`, as `write`
   * does (atomically), without reading it whole into memory; the source file is left in place.
   *
   * Optional so that stores written before it keep working: without it, the service reads the file
   * into memory and calls `write`, so uploads of that store are bounded by memory, not by disk.
   */
  writeFile?(key: string, sourcePath: string): Promise<{ size: number }>;
  stat(key: string): Promise<{ size: number } | undefined>;
  /** The content as a stream, for serving files without holding them in memory. */
  open(key: string): Promise<{ size: number; stream: Readable } | undefined>;
  delete(key: string): Promise<void>;
  /**
   * Every key the store holds, with when its content was last written (milliseconds since the
   * epoch, by the store's clock), in any order. Only keys `isAssetKey` accepts; never a temporary
   * of a write in progress. Keys deleted or written while the listing runs may or may not appear.
   * The periodic sweep deletes the listed keys that no content references and that were written
   * longer ago than `assets.sweep.grace.seconds`, so `modifiedAt` must be the time of the last
   * write: a later time only delays the sweep, an earlier one could sweep a file whose save has not
   * committed yet.
   *
   * Optional so that stores written before it keep working: a store without it is never swept
   * (the service logs that once at start).
   */
  list?(): AsyncIterable<{ key: string; modifiedAt: number }>;
  close?(): Promise<void>;
}

export interface AssetStorageOpenContext {
  config: Config;
  dataDir: string;
  logger: Logger;
}

/** An asset store, chosen by the property `assets.driver` (default `local`, files under the data directory). */
export interface AssetStorageDriver {
  name: string;
  open(context: AssetStorageOpenContext): Promise<AssetStorage> | AssetStorage;
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/** Whether a key is one the service could have made: relative, `/`-separated, no `.` or `..` segments. */
export function isAssetKey(key: string): boolean {
  const segments = key.split('/');
  return segments.length <= 8 && segments.every((s) => SEGMENT.test(s) && s !== '.' && s !== '..');
}
