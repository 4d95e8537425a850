import type { RegisteredRoute } from '../http/pipeline.js';
import { Type } from '@sinclair/typebox';
import { envelopeOf, ErrorEnvelopeSchema } from './envelope-schema.js';
import { errorResponses } from './error-responses.js';
import { toJsonSchema } from './json-schema.js';
import { operationOf } from './openapi-operation.js';
import { openApiPath } from './openapi-path.js';
import { securitySchemes } from './security-schemes.js';

export interface DocumentOptions {
  version: string;
  /** `auth.schemes`: the schemes the service accepts, in the order it tries them. */
  authSchemes: readonly string[];
}

/**
 * The OpenAPI 3.1 document of the registered routes, from their declarations: paths, parameters,
 * bodies and answers from the TypeBox schemas, security from `access`, errors from the catalogue.
 */
export function openApiDocument(routes: readonly RegisteredRoute[], options: DocumentOptions): Record<string, unknown> {
  const schemes = securitySchemes(options.authSchemes);
  const schemeNames = Object.keys(schemes);
  const shapes = new Map<string, string[]>();
  const paths: Record<string, Record<string, unknown>> = {};
  const operationIds = new Set<string>();
  const tags = new Set<string>();
  for (const route of routes) {
    const path = openApiPath(route.path, shapes);
    const operationId = uniqueId(`${route.method.toLowerCase()} ${path.template}`, operationIds);
    (paths[path.template] ??= {})[route.method.toLowerCase()] = operationOf(route, path, schemeNames, operationId);
    tags.add(route.area);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'cms',
      version: options.version,
      description:
        'The REST interface of the content management service. Answers under `/api/v1` and `/api/v2` come in the envelope (`entity`, `errors`, `messages`, `i18nMessagesMap`, `permissions`); every error answer is the error envelope, whose `errors[].errorCode` is a code of the error catalogue.',
    },
    tags: [...tags].sort().map((name) => ({ name })),
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      schemas: {
        Envelope: toJsonSchema(envelopeOf(Type.Unknown())),
        ErrorEnvelope: toJsonSchema(ErrorEnvelopeSchema),
      },
      responses: errorResponses(),
      securitySchemes: schemes,
    },
  };
}

/** `get /api/v1/users/{userId}` → `getApiV1UsersUserId`; a second one of the same name gets a number. */
function uniqueId(text: string, taken: Set<string>): string {
  const words = text.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const base = words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}${n}`;
  taken.add(id);
  return id;
}
