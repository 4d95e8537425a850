import { gzipSync } from 'node:zlib';

/** Smaller answers go out as they are: gzip's framing would save little or nothing. */
const GZIP_FROM_BYTES = 1024;

/**
 * A serialised answer, kept to be sent many times, with its gzip encoding made once: nearly every
 * client (browsers, `fetch`) accepts gzip, JSON compresses several times over, and a kept answer
 * is sent far more often than it is made, so compressing per request would cost more than it saves.
 */
export interface SerialisedAnswer {
  readonly bytes: Uint8Array;
  /** Absent for small answers, and for answers nobody has asked for gzip-encoded yet. */
  readonly gzip?: Uint8Array;
}

/** An answer with its gzip encoding (when it is large enough to gain from one). */
export function gzippedAnswer(bytes: Uint8Array): SerialisedAnswer {
  return bytes.byteLength < GZIP_FROM_BYTES ? { bytes } : { bytes, gzip: gzipSync(bytes) };
}

/** Whether the answer would gain a gzip encoding it has not got yet. */
export function lacksGzip(answer: SerialisedAnswer): boolean {
  return !answer.gzip && answer.bytes.byteLength >= GZIP_FROM_BYTES;
}

/** What an answer holds in memory, for a cache's bound. */
export function serialisedAnswerBytes(answer: SerialisedAnswer): number {
  return answer.bytes.byteLength + (answer.gzip?.byteLength ?? 0);
}
