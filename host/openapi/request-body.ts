import type { TSchema } from '@sinclair/typebox';
import type { AnyRoute } from '../http/route.js';
import { toJsonSchema } from './json-schema.js';

const JSON_MEDIA_TYPE = 'application/json';

/**
 * The request body of an operation, by media type: the declared `body` in each type of `accepts`
 * (JSON by default), or, for a route that reads its body itself (`raw`, `stream`), its `bodyTypes`;
 * a route that declares neither takes no body.
 */
export function requestBodyOf(definition: AnyRoute): Record<string, unknown> | undefined {
  const { accepts, body, bodyTypes } = definition;
  let types: Record<string, TSchema | undefined>;
  if (accepts === 'raw' || accepts === 'stream') {
    if (!bodyTypes) return undefined;
    types = { ...bodyTypes };
  } else if (body) {
    types = Object.fromEntries((accepts ?? [JSON_MEDIA_TYPE]).map((type) => [type, body]));
  } else return undefined;
  const content: Record<string, unknown> = {};
  for (const [type, schema] of Object.entries(types)) content[type] = { schema: schema ? toJsonSchema(schema) : {} };
  const streamed =
    accepts === 'stream'
      ? 'Streamed: files of a multipart body go to disk as they arrive (up to `http.max.upload.bytes`).'
      : undefined;
  return {
    // A route that reads its own body decides itself whether one is needed.
    required: accepts !== 'stream' && accepts !== 'raw' && definition.optionalBody !== true,
    ...(streamed ? { description: streamed } : {}),
    content,
  };
}
