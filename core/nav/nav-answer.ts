import { gzipSync } from 'node:zlib';

/** Smaller answers go out as they are: gzip's framing would save little or nothing. */
const GZIP_FROM_BYTES = 1024;

/**
 * A serialised navigation answer, with its gzip encoding made once when the tree is built: nearly
 * every client (browsers, `fetch`) accepts gzip, a menu compresses about tenfold, and a cached tree
 * is sent far more often than it is built, so compressing per request would cost more than it saves.
 */
export interface NavAnswer {
  readonly bytes: Uint8Array;
  /** Absent for small answers. */
  readonly gzip?: Uint8Array;
}

export function navAnswer(bytes: Uint8Array): NavAnswer {
  return bytes.byteLength < GZIP_FROM_BYTES ? { bytes } : { bytes, gzip: gzipSync(bytes) };
}

/** What an answer holds in memory, for the cache's bound. */
export function navAnswerBytes(answer: NavAnswer): number {
  return answer.bytes.byteLength + (answer.gzip?.byteLength ?? 0);
}
