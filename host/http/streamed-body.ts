import type { Readable } from 'node:stream';

/**
 * A body sent as it is read (a served file) instead of held whole: its length is known up front,
 * and the stream is opened only when the bytes are really sent (never for HEAD or a 304).
 */
export interface StreamedBody {
  readonly kind: 'stream';
  readonly length: number;
  open(): Promise<Readable>;
}

export function streamedBody(length: number, open: () => Promise<Readable>): StreamedBody {
  return { kind: 'stream', length, open };
}

export function isStreamedBody(value: unknown): value is StreamedBody {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'stream';
}

/** The whole body in memory: for in-process answers (tests, tools), never for a socket. */
export async function readAll(body: StreamedBody): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await body.open())
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
