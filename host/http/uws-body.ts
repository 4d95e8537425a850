import { Readable } from 'node:stream';
import type * as Uws from 'uWebSockets.js';
import { CmsError, Errors } from '../../core/errors/index.js';
import type { BodyFraming } from './http-limits.js';
import type { InflightBudget } from './inflight-budget.js';

/** Retry-After for a body refused because memory for bodies is taken: uploads finish within seconds. */
const RETRY_AFTER_SECONDS = 2;

/**
 * A request body still on the wire. uWebSockets.js drops body bytes that arrive before a data
 * handler is attached, so the handler is attached at once and the socket paused: nothing more is
 * read until the pipeline asks, which it does only once the caller may send a body (an anonymous
 * caller of a route that needs a user is answered without it). Memory is counted against the
 * in-flight budget from the first byte and given back by `release`.
 *
 * A body is either read whole (`read`, at most `maxBodyBytes`, counted against the budget) or handed
 * out as a stream (`stream`, at most `maxStreamBytes`): its reader puts the bytes on disk, so only
 * what the stream buffers is in memory, and the socket is paused whenever the reader falls behind.
 */
export class UwsBody {
  private readonly chunks: Buffer[] = [];
  private received = 0;
  /** Bytes counted against the budget for this request. */
  private held = 0;
  private complete = false;
  private failure: Error | undefined;
  private waiting: { resolve: (body: Buffer) => void; reject: (error: Error) => void } | undefined;
  private reading = false;
  private discarding = false;
  /** Set once the body is handed out as a stream. */
  private streamed: Readable | undefined;

  constructor(
    private readonly res: Uws.HttpResponse,
    private readonly framing: Exclude<BodyFraming, { kind: 'none' }>,
    private readonly limits: { maxBodyBytes: number; maxStreamBytes: number; budget: InflightBudget },
  ) {
    // NOTE: uWebSockets.js answers `Expect: 100-continue` itself, before the handler runs: a client
    // that waits for it sends the body without any help from here (tested over a raw socket).
    res.onData((chunk, isLast) => this.onChunk(chunk, isLast));
    res.pause();
  }

  /** Whether every byte of the body was received: only then can the connection carry another request. */
  get finished(): boolean {
    return this.complete;
  }

  /** Reads the whole body; rejects with the catalogue error to answer (413, 503) or when the client went away. */
  read(): Promise<Buffer> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.reading || this.streamed) throw new Error('The body is read once');
    this.reading = true;
    // A route that streams may also read a small body whole: the smaller limit holds then.
    const declared = this.framing.kind === 'length' ? this.framing.bytes : 0;
    if (Math.max(declared, this.received) > this.limits.maxBodyBytes) {
      this.fail(new CmsError(Errors.HTTP_BODY_TOO_LARGE));
      return Promise.reject(this.failure!);
    }
    if (this.framing.kind === 'length' && !this.reserve(this.framing.bytes - this.held)) {
      return Promise.reject(this.failure!);
    }
    // NOTE: a body that arrived whole before the read still leaves the socket paused: resumed here,
    // or the next request on the connection would never be read.
    this.res.resume();
    if (this.complete) return Promise.resolve(this.joined());
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

  /**
   * The body as a stream. It fails with the catalogue error to answer when the body grows past
   * `maxStreamBytes` (413) or the client goes away. Bytes that arrived before are its first chunks.
   */
  stream(): Readable {
    if (this.reading || this.streamed) throw new Error('The body is read once');
    const stream = new Readable({
      // The reader wants more: let uWS read from the socket again (it was paused when the stream filled up).
      read: () => {
        if (!this.complete && !this.failure && !this.discarding) this.res.resume();
      },
    });
    // NOTE: a stream destroyed with an error nobody listens to any more (its reader gave up first,
    // then the client went away) would otherwise end the process.
    stream.on('error', () => undefined);
    this.streamed = stream;
    if (this.failure) {
      stream.destroy(this.failure);
      return stream;
    }
    for (const chunk of this.chunks) stream.push(chunk);
    this.chunks.length = 0;
    if (this.complete) stream.push(null);
    return stream;
  }

  /** The client went away: a pending read fails, and nothing touches the response again. */
  abort(): void {
    this.fail(new CmsError(Errors.HTTP_REQUEST_ABORTED));
  }

  /**
   * The request was answered without its body (refused before it was needed): the rest of the body
   * is read and dropped, so that the client, still sending, reads the answer instead of a reset
   * connection, and the connection can carry the next request. Answers false when the connection
   * must be closed instead (the body was too large, or the client went away).
   * Call before the answer is written: the response may not be touched after it.
   */
  discardRest(): boolean {
    // Over the budget nothing was read: the rest can be dropped as well. Too large, or gone: close.
    if (this.failure && !(this.failure instanceof CmsError && this.failure.code === Errors.HTTP_OVERLOADED.code)) {
      return false;
    }
    if (this.complete) {
      this.res.resume();
      return true;
    }
    // A stream its reader gave up on (a part over its limit) may have a gigabyte still to come:
    // reading that only to drop it is worse than closing the connection.
    if (this.streamed) {
      this.streamed.destroy();
      const remaining = this.framing.kind === 'length' ? this.framing.bytes - this.received : Infinity;
      if (remaining > this.limits.maxBodyBytes) return false;
    }
    this.res.resume();
    this.discarding = true;
    this.release();
    return true;
  }

  /** Gives the body's memory back: once the answer is written, or the client went away. */
  release(): void {
    this.limits.budget.give(this.held);
    this.held = 0;
    this.chunks.length = 0;
    this.streamed?.destroy();
  }

  private onChunk(chunk: ArrayBuffer, isLast: boolean): void {
    if (this.failure || this.discarding) return;
    this.received += chunk.byteLength;
    if (this.received > this.limit()) {
      this.fail(new CmsError(Errors.HTTP_BODY_TOO_LARGE));
      return;
    }
    if (this.streamed) {
      // The bytes go to the reader, and from there to disk: not counted against the memory budget.
      // uWebSockets.js reuses the chunk's memory after this call: push a copy.
      if (!this.streamed.push(Buffer.from(chunk.slice(0)))) this.res.pause();
      if (!isLast) return;
      this.complete = true;
      this.streamed.push(null);
      return;
    }
    const beyond = this.received - this.held;
    if (beyond > 0) {
      // Bytes that arrived before the read was asked for are in memory already: counted, not refused.
      if (!this.reading) {
        this.limits.budget.take(beyond);
        this.held += beyond;
      } else if (!this.reserve(beyond)) return;
    }
    // uWebSockets.js reuses the chunk's memory after this call: keep a copy.
    this.chunks.push(Buffer.from(chunk.slice(0)));
    if (!isLast) return;
    this.complete = true;
    if (this.waiting) this.waiting.resolve(this.joined());
    this.waiting = undefined;
  }

  /** Bytes this body may have: before the route said how it reads, the larger of the two limits (the head was checked already). */
  private limit(): number {
    if (this.reading) return this.limits.maxBodyBytes;
    if (this.streamed) return this.limits.maxStreamBytes;
    return Math.max(this.limits.maxBodyBytes, this.limits.maxStreamBytes);
  }

  private reserve(bytes: number): boolean {
    if (bytes <= 0) return true;
    if (this.limits.budget.tryTake(bytes)) {
      this.held += bytes;
      return true;
    }
    this.fail(new CmsError(Errors.HTTP_OVERLOADED, undefined, { retryAfterSeconds: RETRY_AFTER_SECONDS }));
    return false;
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    this.chunks.length = 0;
    this.streamed?.destroy(error);
    this.waiting?.reject(error);
    this.waiting = undefined;
  }

  private joined(): Buffer {
    return this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.received);
  }
}
