import { Type } from '@sinclair/typebox';
import type { PushStatus } from '../../core/model/push-publishing.js';
import { EpochMillis } from './schema-parts.js';

// The push publishing routes answer what `PushAdmin` and `BundleReceiver` (core) return: these are
// the shapes of those answers, for the OpenAPI document.

/** A push publishing environment (`PushEnvironment`). */
export const PushEnvironmentSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  pushToAll: Type.Boolean({ description: 'Push to every endpoint (the mode PUSH_TO_ALL)' }),
  createdAt: EpochMillis,
});

/** An endpoint as administrators see it (`endpointView`): its key is never shown. */
export const PushEndpointSchema = Type.Object({
  id: Type.String(),
  environmentId: Type.String(),
  serverName: Type.String(),
  protocol: Type.Union([Type.Literal('http'), Type.Literal('https')]),
  address: Type.String(),
  port: Type.Integer({ minimum: 1, maximum: 65535 }),
  authKey: Type.Literal('*****'),
  enabled: Type.Boolean(),
  sending: Type.Boolean(),
  createdAt: EpochMillis,
});

const PUSH_STATUSES = [
  'BUNDLE_REQUESTED',
  'SENDING_TO_ENDPOINTS',
  'SUCCESS',
  'FAILED_TO_SENT',
  'SKIPPED_UNCHANGED',
] as const satisfies readonly PushStatus[];

/** What was last pushed of one item to one endpoint (`PushRecord`). */
export const PushRecordSchema = Type.Object({
  endpointId: Type.String(),
  identifier: Type.String(),
  bundleId: Type.String(),
  status: Type.Union(PUSH_STATUSES.map((status) => Type.Literal(status))),
  sentHash: Type.Union([Type.String(), Type.Null()], {
    description: 'SHA-256 of the last bundle the endpoint accepted',
  }),
  lastError: Type.Union([Type.String(), Type.Null()]),
  updatedAt: EpochMillis,
});

/** A bundle the receiving instance applied (`ReceivedBundle`). */
export const ReceivedBundleSchema = Type.Object({
  bundleId: Type.String(),
  identifier: Type.String(),
  operation: Type.Union([Type.Literal('publish'), Type.Literal('unpublish')]),
  languages: Type.Array(Type.Integer(), {
    description: 'The languages now live (publish) or no longer live (unpublish)',
  }),
  contentTypeCreated: Type.Boolean(),
});
