import { STATUS_CODES } from 'node:http';
import type { TObject, TSchema } from '@sinclair/typebox';
import type { RegisteredRoute } from '../http/pipeline.js';
import { pathParamsSchema } from '../http/request-reader.js';
import type { RouteAccess } from '../http/route.js';
import { documentedSuccess, type DocumentedSuccess } from './documented-success.js';
import { ENVELOPE_REF, ERROR_ENVELOPE_REF, errorResponseName } from './error-responses.js';
import { STATUS_OF_KIND } from '../http/error-mapper.js';
import { toJsonSchema } from './json-schema.js';
import type { OpenApiPath } from './openapi-path.js';
import { requestBodyOf } from './request-body.js';
import { securityOf } from './security-schemes.js';

const ERROR_STATUSES = new Set(Object.values(STATUS_OF_KIND));

const ACCESS_NOTE: Readonly<Record<RouteAccess, string>> = {
  public: 'Access: anyone; no credentials are read.',
  optional: 'Access: anyone; credentials are checked when sent.',
  user: 'Access: a signed-in user.',
  admin: 'Access: administrators.',
};

/** One operation of the document: a registered route with its parameters, body, security and answers. */
export function operationOf(
  route: RegisteredRoute,
  path: OpenApiPath,
  schemes: readonly string[],
  operationId: string,
): Record<string, unknown> {
  const { definition } = route;
  const access = definition.access;
  const parameters = [...pathParameters(definition.params ?? pathParamsSchema(definition.path), path)];
  if (definition.query) parameters.push(...queryParameters(definition.query));
  const requestBody = requestBodyOf(definition);
  return {
    operationId,
    summary: definition.summary,
    description: ACCESS_NOTE[access],
    tags: [route.area],
    security: securityOf(access, schemes),
    'x-access': access,
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf(route, parameters.length > 0 || requestBody !== undefined),
  };
}

function pathParameters(schema: TObject, path: OpenApiPath): Array<Record<string, unknown>> {
  return path.params.map(({ name, routeName, rest }) => {
    const member = schema.properties[routeName] as TSchema | undefined;
    return {
      name,
      in: 'path',
      required: true,
      ...(rest
        ? { description: 'The rest of the path from here, slashes included (`a/b/c`)', 'x-rest-of-path': true }
        : {}),
      schema: member ? toJsonSchema(member) : { type: 'string' },
    };
  });
}

function queryParameters(query: TObject): Array<Record<string, unknown>> {
  const required = new Set(query.required ?? []);
  return Object.entries(query.properties).map(([name, member]) => {
    const { description, ...schema } = toJsonSchema(member);
    return {
      name,
      in: 'query',
      required: required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema,
    };
  });
}

/**
 * The answers: the success (200, with the declared shape; none for a route that never succeeds),
 * what the route declares, and the shared error answers every route of its kind may give: 400 for
 * a route that reads input or changes something (the cross-site refusal), 401 and 403 for one that
 * reads credentials. `default` covers what any request may meet (5xx, the adapter's 413/414/431/503).
 */
function responsesOf(route: RegisteredRoute, readsInput: boolean): Record<string, unknown> {
  const { definition } = route;
  const success = documentedSuccess(definition, route.path);
  const content = successContent(success);
  const responses: Record<string, unknown> = {};
  if (!success.never)
    responses[success.status] = {
      description: success.status === 200 ? 'Success' : `Success: ${STATUS_CODES[success.status] ?? 'answered'}`,
      content,
    };
  const usual: number[] = [];
  if (readsInput || route.method !== 'GET') usual.push(400);
  if (definition.access !== 'public') usual.push(401, 403);
  for (const status of usual) responses[status] = { $ref: `#/components/responses/${errorResponseName(status)}` };
  for (const [key, meaning] of Object.entries(definition.answers ?? {})) {
    const status = Number(key);
    if (meaning === undefined) continue;
    // Another success (202 started, 207 partly done) answers the same body as the 200.
    const body = status < 300 && success.declared ? { content } : {};
    responses[status] =
      status < 400
        ? { description: `${STATUS_CODES[status] ?? 'Answer'}: ${meaning}`, ...body }
        : ERROR_STATUSES.has(status)
          ? { $ref: `#/components/responses/${errorResponseName(status)}`, description: meaning }
          : { description: meaning, content: { 'application/json': { schema: { $ref: ERROR_ENVELOPE_REF } } } };
  }
  responses.default = {
    $ref: `#/components/responses/${errorResponseName(500)}`,
    description: 'Any other failure: a fault (500), or what the adapter refuses before the route (413, 414, 431, 503)',
  };
  return responses;
}

/** The success body in each type the route answers in: the declared one first, then the alternatives. */
function successContent(success: DocumentedSuccess): Record<string, unknown> {
  const content: Record<string, unknown> = { [success.mediaType]: { schema: successSchema(success) } };
  for (const [type, schema] of Object.entries(success.alternatives)) content[type] = { schema: toJsonSchema(schema) };
  return content;
}

/**
 * The success body as JSON Schema. The envelope is shared (`components.schemas.Envelope`) and the
 * route's `entity` is added to it, so that the frame is written once, not once per route.
 */
export function successSchema(success: DocumentedSuccess): Record<string, unknown> {
  if (!success.enveloped) return success.schema ? toJsonSchema(success.schema) : {};
  if (!success.entity) return { $ref: ENVELOPE_REF };
  return {
    allOf: [
      { $ref: ENVELOPE_REF },
      { type: 'object', required: ['entity'], properties: { entity: toJsonSchema(success.entity) } },
    ],
  };
}
