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
 *   missing key as done.
 * Any other failure is thrown and fails the request that stores the file.
 *
 * @example
 * const memory = new Map<string, Buffer>();
 * export const memoryAssets: AssetStorage = {
 *   async write(key, content) { memory.set(key, Buffer.from(content)); return { size: content.length }; },
 *   async stat(key) { const b = memory.get(key); return b && { size: b.length }; },
 *   async open(key) { const b = memory.get(key); return b && { size: b.length, stream: Readable.from([b]) }; },
 *   async delete(key) { memory.delete(key); },
 * };
 */
export interface AssetStorage {
  write(key: string, content: Buffer): Promise<{ size: number }>;
  stat(key: string): Promise<{ size: number } | undefined>;
  /** The content as a stream, for serving files without holding them in memory. */
  open(key: string): Promise<{ size: number; stream: Readable } | undefined>;
  delete(key: string): Promise<void>;
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
