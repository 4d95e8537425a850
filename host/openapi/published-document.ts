import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

/**
 * The document as bytes, made once at start: serialised, gzipped and tagged, so that an answer is a
 * lookup. It changes only when the service restarts (another version, other routes or schemes).
 */
export class PublishedDocument {
  readonly bytes: Buffer;
  readonly gzip: Buffer;
  readonly etag: string;

  constructor(readonly document: Record<string, unknown>) {
    this.bytes = Buffer.from(JSON.stringify(document));
    this.gzip = gzipSync(this.bytes);
    this.etag = `"${createHash('sha256').update(this.bytes).digest('base64url').slice(0, 27)}"`;
  }
}
