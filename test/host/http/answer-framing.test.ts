import t from 'tap';
import { Type } from '@sinclair/typebox';
import type { Authenticator } from '../../../core/auth/authenticator.js';
import { silentLogger } from '../../../core/logger.js';
import { HttpPipeline } from '../../../host/http/pipeline.js';
import { reply, route, type AnyRoute, type IncomingRequest } from '../../../host/http/route.js';
import { documentedSuccess } from '../../../host/openapi/documented-success.js';

// The pipeline writes an answer in the envelope exactly when the OpenAPI document describes it in
// one: both read the route's declaration, whatever the path or the handler's answer.

const Entity = Type.Object({ a: Type.Integer() });
const routes: AnyRoute[] = [
  route({
    method: 'GET',
    path: '/api/v1/plain',
    access: 'public',
    summary: 'v1',
    response: { schema: Entity },
    handler: () => ({ a: 1 }),
  }),
  route({
    method: 'GET',
    path: '/api/v3/plain',
    access: 'public',
    summary: 'v3',
    response: { schema: Entity },
    handler: () => ({ a: 1 }),
  }),
  route({
    method: 'GET',
    path: '/api/plain',
    access: 'public',
    summary: 'outside',
    response: { schema: Entity },
    handler: () => ({ a: 1 }),
  }),
  route({
    method: 'GET',
    path: '/api/v1/bare',
    access: 'public',
    summary: 'declared bare',
    response: { schema: Entity, envelope: false },
    handler: () => reply({ a: 1 }, { status: 200 }),
  }),
  route({
    method: 'GET',
    path: '/api/framed',
    access: 'public',
    summary: 'declared enveloped',
    response: { schema: Entity, envelope: true },
    handler: () => reply({ a: 1 }, { pagination: { currentPage: 1, perPage: 10, totalEntries: 1 } }),
  }),
  route({
    method: 'GET',
    path: '/api/v1/text',
    access: 'public',
    summary: 'text',
    response: { schema: Type.String(), mediaType: 'text/plain' },
    handler: () => 'words',
  }),
];

function request(path: string): IncomingRequest {
  return {
    id: path,
    method: 'GET',
    path,
    query: new URLSearchParams(),
    headers: {},
    cookies: {},
    ip: '127.0.0.1',
    secure: false,
    rawBody: Buffer.alloc(0),
    readBody: async () => undefined,
  };
}

t.test('each answer is framed as the document describes it', async (t) => {
  const pipeline = new HttpPipeline({} as Authenticator, silentLogger, { accessLog: () => undefined });
  pipeline.add(routes);
  const framed: Record<string, boolean> = {};
  for (const registered of pipeline.routes()) {
    const response = await pipeline.handle(request(registered.path));
    t.equal(response.status, 200, registered.path);
    const body: unknown = JSON.parse(response.body.toString());
    const enveloped = typeof body === 'object' && body !== null && 'entity' in body;
    t.equal(enveloped, documentedSuccess(registered.definition, registered.path).enveloped, registered.path);
    framed[registered.path] = enveloped;
  }
  t.same(framed, {
    '/api/v1/plain': true,
    '/api/v3/plain': true,
    '/api/plain': false,
    '/api/v1/bare': false,
    '/api/framed': true,
    '/api/v1/text': false,
  });
});
