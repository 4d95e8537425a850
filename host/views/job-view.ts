import { Type, type Static } from '@sinclair/typebox';
import type { Job } from '../../core/plugin/storage/index.js';
import { IsoInstant } from './schema-parts.js';

/** `jobView`'s shape, for the OpenAPI document. */
export const JobSchema = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('running'), Type.Literal('done'), Type.Literal('dead')]),
  idempotencyKey: Type.String(),
  attempts: Type.Integer({ minimum: 0 }),
  maxAttempts: Type.Integer(),
  nextRunAt: IsoInstant,
  leaseUntil: Type.Union([IsoInstant, Type.Null()]),
  lastError: Type.Union([Type.String(), Type.Null()]),
  // The handler of `kind` decides the payload: a mail job's holds the message, another's other things.
  payload: Type.Unknown({
    description: 'The JSON the job was written with, as its kind reads it (text when not JSON)',
  }),
  createdAt: IsoInstant,
  updatedAt: IsoInstant,
});

/**
 * A durable job as administrators see it: its payload as the JSON it is (a mail job's holds the
 * message, recipients and body included; handlers are told never to put secrets in payloads), and
 * the claim's lease token left out (it means nothing outside the dispatcher). Times are ISO 8601.
 */
export function jobView(job: Job): Static<typeof JobSchema> {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    idempotencyKey: job.idempotencyKey,
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    nextRunAt: iso(job.nextRunAt),
    leaseUntil: job.leaseUntil === null ? null : iso(job.leaseUntil),
    lastError: job.lastError,
    payload: parsed(job.payload),
    createdAt: iso(job.createdAt),
    updatedAt: iso(job.updatedAt),
  };
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function parsed(payload: string): unknown {
  try {
    return JSON.parse(payload);
  } catch {
    return payload;
  }
}
