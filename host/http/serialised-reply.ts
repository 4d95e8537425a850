import type { SerialisedAnswer } from '../../core/cache/serialised-answer.js';
import { acceptsGzip } from './content-coding.js';
import { JSON_TYPE } from './envelope.js';
import { reply, type Reply } from './route.js';

/** A Buffer over the same memory: what the pipeline writes as it is. */
const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Whether the request takes a gzip-encoded answer (`Accept-Encoding`). */
export function takesGzip(headers: Readonly<Record<string, string | undefined>>): boolean {
  return acceptsGzip(headers['accept-encoding']);
}

/**
 * A JSON answer a service serialised itself (envelope included, kept to be sent again): written as
 * it is, gzip-encoded when it has that encoding and the request takes it.
 */
export function serialisedReply(answer: SerialisedAnswer, gzip: boolean): Reply {
  // The same URL answers gzip or not by the request's Accept-Encoding: caches must keep both apart.
  const headers: Record<string, string> = { 'Content-Type': JSON_TYPE, Vary: 'Accept-Encoding' };
  const encoded = gzip ? answer.gzip : undefined;
  if (encoded) headers['Content-Encoding'] = 'gzip';
  return reply(asBuffer(encoded ?? answer.bytes), { headers });
}
