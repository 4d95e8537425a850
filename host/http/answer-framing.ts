import type { AnyRoute } from './route.js';

/** The media type of a route's answer when it declares none under `/api/`. */
export const JSON_MEDIA_TYPE = 'application/json';

/**
 * How a route's successful answer is framed: in the envelope (`{entity, errors, messages, ...}`)
 * or bare. Decided here only, from the route's declaration: the pipeline writes the answer so and
 * the OpenAPI document describes it so, so that the two cannot disagree.
 */
export type AnswerFraming = 'envelope' | 'bare';

/**
 * The route's `response.envelope` when it says; otherwise JSON answers at the enveloped paths
 * (`/api/v1`, `/api/v2`, `/api/v3`: the original's v3 content-type endpoints answer it too) are
 * in the envelope. An answer of another media type never is.
 */
export function answerFraming(definition: Pick<AnyRoute, 'path' | 'response'>): AnswerFraming {
  const declared = definition.response?.envelope;
  if (declared !== undefined) return declared ? 'envelope' : 'bare';
  const mediaType = definition.response?.mediaType ?? JSON_MEDIA_TYPE;
  return mediaType === JSON_MEDIA_TYPE && isEnvelopePath(definition.path) ? 'envelope' : 'bare';
}

function isEnvelopePath(path: string): boolean {
  return path.startsWith('/api/v1/') || path.startsWith('/api/v2/') || path.startsWith('/api/v3/');
}
