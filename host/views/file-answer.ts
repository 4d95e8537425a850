import { Type } from '@sinclair/typebox';
import type { RouteResponse } from '../http/route.js';

/**
 * The answer of a route that serves a file: its bytes as the whole body, of the type its
 * Content-Type names (any type in the document, as it depends on the file). OpenAPI 3.1 writes
 * raw bytes as a string without `format`; the test app checks the body's text against it.
 */
export function fileAnswer(description: string, mediaType = '*/*'): RouteResponse {
  return { mediaType, schema: Type.String({ description }) };
}
