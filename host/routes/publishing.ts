import { Type, type TSchema } from '@sinclair/typebox';
import { route } from '../http/route.js';
import { BUNDLE_PUBLISH_PATH } from '../publishing/bundle-sender.js';
import { DeletedSchema, deletedView } from '../views/deleted-view.js';
import {
  PushEndpointSchema,
  PushEnvironmentSchema,
  PushRecordSchema,
  ReceivedBundleSchema,
} from '../views/publishing-view.js';
import { defineRoutes } from './route-module.js';

const Id = Type.Object({ id: Type.String({ minLength: 1, maxLength: 36 }) });
const Name = Type.String({ minLength: 1, maxLength: 255 });

const EnvironmentBody = Type.Object({
  name: Name,
  pushMode: Type.Union([Type.Literal('PUSH_TO_ALL'), Type.Literal('PUSH_TO_ONE')]),
  // The original grants environments to users and roles; not kept here (administrators push).
  whoCanSend: Type.Optional(Type.Array(Type.String())),
});

const EndpointFields = {
  name: Name,
  protocol: Type.Union([Type.Literal('http'), Type.Literal('https')]),
  address: Type.String({ minLength: 1, maxLength: 255, pattern: '^[A-Za-z0-9.:\\[\\]-]+$' }),
  port: Type.Integer({ minimum: 1, maximum: 65535 }),
  enabled: Type.Boolean({ default: true }),
  sending: Type.Boolean({ default: false }),
  environmentId: Type.String({ minLength: 1, maxLength: 36 }),
};
const Key = Type.String({ minLength: 8, maxLength: 1024 });
const NewEndpointBody = Type.Object({ ...EndpointFields, authorizationToken: Key });
const EndpointBody = Type.Object({ ...EndpointFields, authorizationToken: Type.Optional(Key) });

const BundleBody = Type.Object({
  bundleId: Type.String({ minLength: 1, maxLength: 36 }),
  identifier: Type.String({ minLength: 1, maxLength: 36 }),
  operation: Type.Union([Type.Literal('publish'), Type.Literal('unpublish')]),
  contentType: Type.Object({
    variable: Name,
    name: Name,
    clazz: Type.String({ maxLength: 255 }),
    description: Type.String({ maxLength: 4000 }),
    icon: Type.String({ maxLength: 255 }),
    fields: Type.Array(Type.Record(Type.String(), Type.Unknown()), { maxItems: 500 }),
  }),
  versions: Type.Array(
    Type.Object({ languageId: Type.Integer({ minimum: 1 }), values: Type.Record(Type.String(), Type.Unknown()) }),
    { maxItems: 500 },
  ),
});

// The original's environment and bundle resources answer in the envelope, outside /api/v1.
const inEnvelope = (schema: TSchema) => ({ schema, envelope: true });

/**
 * Push publishing: environments and endpoints (the original's resources, for administrators), the
 * push status per endpoint, and the endpoint other instances push bundles to.
 */
export default defineRoutes('publishing', ['pushAdmin', 'bundleReceiver'], ({ pushAdmin, bundleReceiver }) => [
  route({
    method: 'GET',
    path: '/api/environment',
    access: 'admin',
    summary: 'Lists push publishing environments',
    response: inEnvelope(Type.Array(PushEnvironmentSchema)),
    handler: () => pushAdmin.listEnvironments(),
  }),
  route({
    method: 'POST',
    path: '/api/environment',
    access: 'admin',
    summary: 'Creates an environment: `{name, pushMode: PUSH_TO_ALL|PUSH_TO_ONE}`',
    response: inEnvelope(PushEnvironmentSchema),
    body: EnvironmentBody,
    handler: ({ body }) => pushAdmin.createEnvironment(body),
  }),
  route({
    method: 'PUT',
    path: '/api/environment/:id',
    access: 'admin',
    summary: 'Renames an environment or changes its push mode',
    response: inEnvelope(PushEnvironmentSchema),
    answers: { 404: 'no such environment' },
    params: Id,
    body: EnvironmentBody,
    handler: ({ params, body }) => pushAdmin.updateEnvironment(params.id, body),
  }),
  route({
    method: 'DELETE',
    path: '/api/environment/:id',
    access: 'admin',
    summary: 'Removes an environment with its endpoints',
    response: inEnvelope(DeletedSchema),
    answers: { 404: 'no such environment' },
    params: Id,
    handler: async ({ params }) => {
      await pushAdmin.deleteEnvironment(params.id);
      return deletedView(params.id);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/environments/endpoints',
    access: 'admin',
    summary: 'Lists every endpoint (keys are never shown)',
    response: { schema: Type.Array(PushEndpointSchema) },
    handler: () => pushAdmin.listEndpoints(),
  }),
  route({
    method: 'GET',
    path: '/api/v1/environments/endpoints/environment/:id',
    access: 'admin',
    summary: 'Lists the endpoints of one environment',
    response: { schema: Type.Array(PushEndpointSchema) },
    answers: { 404: 'no such environment' },
    params: Id,
    handler: ({ params }) => pushAdmin.listEndpoints(params.id),
  }),
  route({
    method: 'GET',
    path: '/api/v1/environments/endpoints/:id',
    access: 'admin',
    summary: 'One endpoint',
    response: { schema: PushEndpointSchema },
    answers: { 404: 'no such endpoint' },
    params: Id,
    handler: ({ params }) => pushAdmin.getEndpoint(params.id),
  }),
  route({
    method: 'POST',
    path: '/api/v1/environments/endpoints',
    access: 'admin',
    summary: 'Creates an endpoint; `authorizationToken` is the key the receiving instance accepts, stored encrypted',
    response: { schema: PushEndpointSchema },
    answers: { 404: 'no such environment' },
    body: NewEndpointBody,
    handler: ({ body }) => pushAdmin.createEndpoint(body),
  }),
  route({
    method: 'PUT',
    path: '/api/v1/environments/endpoints/:id',
    access: 'admin',
    summary: 'Updates an endpoint; without `authorizationToken` its key is kept',
    response: { schema: PushEndpointSchema },
    answers: { 404: 'no such endpoint or environment' },
    params: Id,
    body: EndpointBody,
    handler: ({ params, body }) => pushAdmin.updateEndpoint(params.id, body),
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/environments/endpoints/:id',
    access: 'admin',
    summary: 'Removes an endpoint',
    response: { schema: DeletedSchema },
    answers: { 404: 'no such endpoint' },
    params: Id,
    handler: async ({ params }) => {
      await pushAdmin.deleteEndpoint(params.id);
      return deletedView(params.id);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/publishing/pushes',
    access: 'admin',
    summary: 'The push status per endpoint: of the item `identifier`, or of every item pushed',
    response: { schema: Type.Array(PushRecordSchema) },
    query: Type.Object({ identifier: Type.Optional(Type.String({ maxLength: 36 })) }),
    handler: ({ query }) => pushAdmin.pushes(query.identifier),
  }),
  route({
    method: 'POST',
    path: BUNDLE_PUBLISH_PATH,
    // The sender's key is the credential: `guard` checks it against the stored hash before the body is read.
    access: 'public',
    summary: 'Receives a bundle from another instance (`Authorization: Bearer <key>`) and applies it atomically',
    response: inEnvelope(ReceivedBundleSchema),
    answers: { 401: 'the key is missing or not accepted' },
    body: BundleBody,
    guard: (request) => bundleReceiver.authenticate(request.headers.authorization),
    handler: ({ body }) => bundleReceiver.apply(body),
  }),
]);
