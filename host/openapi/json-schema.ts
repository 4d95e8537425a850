import type { TSchema } from '@sinclair/typebox';
import { INVALID_AS } from '../http/request-reader.js';

/** Options of our own that drive the request reader and mean nothing to a reader of the document. */
const HOST_ONLY_KEYWORDS = new Set<string>([INVALID_AS]);

/**
 * A TypeBox schema as plain JSON Schema (2020-12, the dialect of OpenAPI 3.1). TypeBox schemas are
 * JSON Schema already; what goes is what only TypeBox and the host read: the symbol keys (`Kind`,
 * `Optional`), functions (`x-invalid-as` error factories) and undefined members.
 */
export function toJsonSchema(schema: TSchema): Record<string, unknown> {
  return plain(schema) as Record<string, unknown>;
}

function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  // Object.keys leaves symbol keys out.
  for (const key of Object.keys(value)) {
    const member = (value as Record<string, unknown>)[key];
    if (HOST_ONLY_KEYWORDS.has(key) || member === undefined || typeof member === 'function') continue;
    out[key] = plain(member);
  }
  return out;
}
