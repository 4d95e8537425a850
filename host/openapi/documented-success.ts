import { Type, TypeGuard, type TSchema } from '@sinclair/typebox';
import { answerFraming, JSON_MEDIA_TYPE } from '../http/answer-framing.js';
import type { AnyRoute } from '../http/route.js';
import { envelopeOf } from './envelope-schema.js';

/** A route's successful answer as the document describes it. */
export interface DocumentedSuccess {
  mediaType: string;
  /** Whether the answer is in the envelope. */
  enveloped: boolean;
  /** The whole body, envelope included; `undefined` when the route declares nothing and no envelope is known. */
  schema: TSchema | undefined;
  /** The envelope's `entity` as declared, for an answer in the envelope. */
  entity: TSchema | undefined;
  /** Whether the route declares its answer's shape (`response.schema`), so that tests may check real answers. */
  declared: boolean;
  /** Whether the route never succeeds (`Type.Never()`): the document has no 200 for it, and a test that gets one fails. */
  never: boolean;
  /** The status a success answers with: 200 unless the route says otherwise. */
  status: number;
  /** The whole body in the other types the route may answer in, by media type. */
  alternatives: Readonly<Record<string, TSchema>>;
}

/**
 * What a route answers when it succeeds: the declared `response`, framed as `answerFraming` says
 * (the pipeline frames the answer by the same call).
 * Routes outside `/api/` that declare nothing serve files: any type.
 */
export function documentedSuccess(definition: AnyRoute, path: string): DocumentedSuccess {
  const declared = definition.response;
  const mediaType = declared?.mediaType ?? (path.startsWith('/api/') ? JSON_MEDIA_TYPE : '*/*');
  const entity = declared?.schema;
  const never = entity !== undefined && TypeGuard.IsNever(entity);
  const enveloped = !never && answerFraming(definition) === 'envelope';
  return {
    mediaType,
    enveloped,
    schema: enveloped ? envelopeOf(entity ?? Type.Unknown()) : entity,
    entity: enveloped ? entity : undefined,
    declared: entity !== undefined,
    never,
    status: declared?.status ?? 200,
    alternatives: declared?.alternatives ?? {},
  };
}
