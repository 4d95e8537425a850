import t from 'tap';
import { gunzipSync } from 'node:zlib';
import { ERROR_AREAS } from '../../core/errors/index.js';
import { documentedSuccess } from '../../host/openapi/documented-success.js';
import { successSchema } from '../../host/openapi/openapi-operation.js';
import { startTestApp } from '../helpers/test-app.js';

type Json = Record<string, any>;

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const PARAMETER_PLACES = new Set(['query', 'header', 'path', 'cookie']);
const SCHEME_TYPES = new Set(['apiKey', 'http', 'mutualTLS', 'oauth2', 'openIdConnect']);

/** `/a/{x}/b` and `/a/{y}/b` are one template to OpenAPI. */
const hierarchy = (template: string) => template.replace(/\{[^}]+\}/g, '{}');

/** Every local `$ref` in the document. */
function refs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) refs(v, out);
  else if (value && typeof value === 'object')
    for (const [key, member] of Object.entries(value)) {
      if (key === '$ref' && typeof member === 'string') out.push(member);
      else refs(member, out);
    }
  return out;
}

function resolve(doc: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let at: unknown = doc;
  for (const part of ref.slice(2).split('/'))
    at = (at as Json | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return at;
}

/**
 * The required members and rules of OpenAPI 3.1 that a generator can get wrong, checked by hand (no
 * validator package is installed): each problem is one line.
 */
function structuralProblems(doc: Json): string[] {
  const problems: string[] = [];
  const problem = (text: string) => problems.push(text);
  if (doc.openapi !== '3.1.0') problem(`openapi is ${doc.openapi}`);
  if (typeof doc.info?.title !== 'string' || typeof doc.info?.version !== 'string')
    problem('info.title and info.version');
  if (!doc.paths || typeof doc.paths !== 'object') problem('no paths');
  const ids = new Set<string>();
  const hierarchies = new Map<string, string>();
  const schemes: Json = doc.components?.securitySchemes ?? {};
  for (const [name, scheme] of Object.entries(schemes)) {
    if (!SCHEME_TYPES.has(scheme.type)) problem(`security scheme ${name}: type ${scheme.type}`);
    if (scheme.type === 'apiKey' && (!scheme.name || !['query', 'header', 'cookie'].includes(scheme.in)))
      problem(`security scheme ${name}: apiKey needs name and in`);
    if (scheme.type === 'http' && typeof scheme.scheme !== 'string')
      problem(`security scheme ${name}: http needs scheme`);
  }
  for (const [template, item] of Object.entries<Json>(doc.paths ?? {})) {
    if (!template.startsWith('/')) problem(`${template}: paths start with /`);
    const other = hierarchies.get(hierarchy(template));
    if (other) problem(`${template} and ${other} are the same template`);
    hierarchies.set(hierarchy(template), template);
    const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    if (new Set(names).size !== names.length) problem(`${template}: a parameter named twice`);
    for (const [method, operation] of Object.entries<Json>(item)) {
      const where = `${method.toUpperCase()} ${template}`;
      if (!METHODS.has(method)) {
        problem(`${where}: not a method`);
        continue;
      }
      if (typeof operation.operationId !== 'string' || ids.has(operation.operationId))
        problem(`${where}: operationId missing or not unique`);
      ids.add(operation.operationId);
      const parameters: Json[] = operation.parameters ?? [];
      const seen = new Set<string>();
      for (const p of parameters) {
        if (typeof p.name !== 'string' || !PARAMETER_PLACES.has(p.in))
          problem(`${where}: parameter ${p.name} in ${p.in}`);
        if (seen.has(`${p.in} ${p.name}`)) problem(`${where}: parameter ${p.name} twice`);
        seen.add(`${p.in} ${p.name}`);
        if (p.in === 'path' && (p.required !== true || !names.includes(p.name)))
          problem(`${where}: path parameter ${p.name} must be required and in the template`);
        if (!p.schema || typeof p.schema !== 'object') problem(`${where}: parameter ${p.name} without a schema`);
      }
      for (const name of names)
        if (!parameters.some((p) => p.in === 'path' && p.name === name)) problem(`${where}: {${name}} is not declared`);
      if (operation.requestBody && Object.keys(operation.requestBody.content ?? {}).length === 0)
        problem(`${where}: a request body without content`);
      const responses = Object.entries<Json>(operation.responses ?? {});
      if (responses.length === 0) problem(`${where}: no responses`);
      for (const [status, response] of responses) {
        if (!/^([1-5]\d\d|[1-5]XX|default)$/.test(status)) problem(`${where}: response key ${status}`);
        if (!response.$ref && typeof response.description !== 'string') problem(`${where} ${status}: no description`);
      }
      if (!Array.isArray(operation.security)) problem(`${where}: no security requirement list`);
      for (const requirement of operation.security ?? [])
        for (const name of Object.keys(requirement))
          if (!schemes[name]) problem(`${where}: security scheme ${name} is not declared`);
    }
  }
  for (const ref of new Set(refs(doc))) if (resolve(doc, ref) === undefined) problem(`$ref ${ref} does not resolve`);
  return problems;
}

t.test('the document describes every registered route, and is well-formed OpenAPI 3.1', async (t) => {
  const s = (await startTestApp(t))!;
  const answer = await s.http('GET', '/api/openapi.json');
  t.equal(answer.status, 200, 'anonymous callers get it (http.openapi.public defaults to true)');
  t.match(answer.headers.get('content-type'), /^application\/json/);
  t.equal(answer.headers.get('cache-control'), 'no-cache');
  const doc: Json = answer.json;

  t.same(structuralProblems(doc), [], 'no structural problems');
  t.same(JSON.parse(JSON.stringify(doc)), doc, 'plain JSON');
  t.notMatch(answer.text, /x-invalid-as/, 'no host-only schema options');

  const routes = s.app.routes();
  t.ok(routes.length > 100, `${routes.length} routes`);
  const operations = Object.values<Json>(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
  t.equal(operations, routes.length, 'one operation per route, no more');
  const templates = new Map(Object.keys(doc.paths).map((p) => [hierarchy(p), p]));
  const missing: string[] = [];
  for (const route of routes) {
    const template = templates.get(route.path.replace(/[:*][A-Za-z_]\w*/g, '{}'));
    const operation = template && doc.paths[template][route.method.toLowerCase()];
    if (!operation) {
      missing.push(`${route.method} ${route.path}`);
      continue;
    }
    if (
      operation.summary !== route.summary ||
      operation['x-access'] !== route.access ||
      operation.tags[0] !== route.area
    )
      t.fail(`${route.method} ${route.path}: summary, access or area differ`);
    const anonymous = operation.security.length === 0 || operation.security.some((r: Json) => !Object.keys(r).length);
    if (anonymous !== (route.access === 'public' || route.access === 'optional'))
      t.fail(`${route.method} ${route.path}: security does not follow access ${route.access}`);
    for (const status of Object.keys(route.definition.answers ?? {}))
      if (!operation.responses[status]) t.fail(`${route.method} ${route.path}: declared answer ${status} missing`);
    if (route.definition.body && !operation.requestBody) t.fail(`${route.method} ${route.path}: body missing`);
    for (const name of Object.keys(route.definition.query?.properties ?? {}))
      if (!operation.parameters.some((p: Json) => p.in === 'query' && p.name === name))
        t.fail(`${route.method} ${route.path}: query parameter ${name} missing`);
    // The schema published for an annotated route is the one answers are checked against.
    const success = documentedSuccess(route.definition, route.path);
    if (success.never) t.notOk(operation.responses['200'], `${route.method} ${route.path}: never succeeds, no 200`);
    else if (success.declared)
      t.same(
        operation.responses[success.status]?.content[success.mediaType].schema,
        successSchema(success),
        `${route.method} ${route.path}: the declared answer schema is published`,
      );
  }
  t.same(missing, [], 'every registered route is in the document under its method and path');

  t.match(doc.paths['/api/v1/users/{userId}'].get, {
    security: [{ bearer: [] }, { session: [] }, { 'access-token': [] }, { basic: [] }, { 'legacy-header': [] }],
    'x-access': 'admin',
    parameters: [{ name: 'userId', in: 'path', required: true, schema: { type: 'string', maxLength: 255 } }],
    responses: { 404: { $ref: '#/components/responses/Error404', description: 'no such user' } },
  });
  t.match(doc.paths['/api/v1/nav/{uri}'].get.parameters[0], { name: 'uri', 'x-rest-of-path': true });
  t.same(doc.paths['/api/v1/probes/alive'].get.security, [], 'a public route reads no credentials');
  t.same(doc.paths['/api/v1/nav'].get.security[0], {}, 'an optional route may be called anonymously');
  t.same(
    Object.keys(doc.paths['/api/v1/workflow/actions/{actionId}/fire'].put.requestBody.content),
    ['application/json', 'multipart/form-data'],
    'a streamed route documents the types it reads',
  );
  // The legacy read and save share the path, named by the read declared first, as the original names both.
  t.same(Object.keys(doc.paths['/api/content/{params}'].post.requestBody.content).sort(), [
    'application/json',
    'application/x-www-form-urlencoded',
    'application/xml',
    'multipart/form-data',
  ]);
  t.same(
    Object.keys(doc.paths['/api/content/{params}'].put.responses['200'].content),
    ['text/plain', 'application/json'],
    'a route answering in several types documents each (the legacy save: empty, or the ids with type=json)',
  );
  t.notOk(doc.paths['/api/content'].put.responses['200'], 'a route that never succeeds documents no success');
  t.same(
    Object.keys(doc.paths['/api/content/{params}'].get.responses['200'].content),
    ['application/json', 'application/xml'],
    'the legacy read: JSON, or XML with type/xml',
  );
  t.match(doc.paths['/dA/{id}'].get.responses['200'].content, { '*/*': { schema: { type: 'string' } } });
  t.match(doc.paths['/api/v1/analytics/content/siteauth/generate/{siteId}'].get.responses['200'].content, {
    'text/plain': { schema: { type: 'string' } },
  });
  t.same(doc.components.securitySchemes.session, {
    type: 'apiKey',
    in: 'cookie',
    name: 'JSESSIONID',
    description: 'The session cookie `POST /api/v1/authentication` sets.',
  });

  // Every catalogue code is listed under the status its kind answers.
  const listed = Object.values<Json>(doc.components.responses).flatMap((r) => r['x-error-codes']);
  const codes = ERROR_AREAS.flatMap((area) => Object.keys(area));
  t.same(listed.sort(), [...codes].sort(), 'every code of the catalogue, once');
  t.ok(doc.components.responses.Error404['x-error-codes'].includes('USER_NOT_FOUND'));
  t.match(doc.components.responses.Error404.description, /`USER_NOT_FOUND`/);

  // A real error answer matches the documented error envelope.
  const notFound = await s.http('GET', '/api/v1/users/nobody', { headers: s.basicAuth() });
  t.equal(notFound.status, 404);
  t.same(Object.keys(notFound.json).sort(), Object.keys(doc.components.schemas.ErrorEnvelope.properties).sort());
  t.same(doc.components.schemas.ErrorEnvelope.required.sort(), Object.keys(notFound.json).sort());
});

t.test('made once: the same bytes each time, gzipped when asked, 304 for a current copy', async (t) => {
  const s = (await startTestApp(t))!;
  const plain = await s.app.inject({ method: 'GET', path: '/api/openapi.json' });
  const again = await s.app.inject({ method: 'GET', path: '/api/openapi.json' });
  t.equal(plain.body, again.body, 'the cached bytes');
  const zipped = await s.app.inject({
    method: 'GET',
    path: '/api/openapi.json',
    headers: { 'accept-encoding': 'br, gzip' },
  });
  t.equal(zipped.headers['Content-Encoding'], 'gzip');
  t.equal(zipped.headers.Vary, 'Accept-Encoding');
  t.ok(zipped.body.length < plain.body.length / 4, 'much smaller');
  t.same(gunzipSync(zipped.body as Buffer), plain.body);
  const cached = await s.http('GET', '/api/openapi.json', { headers: { 'if-none-match': plain.headers.ETag! } });
  t.equal(cached.status, 304);
  t.equal(cached.text, '');
});

t.test('http.openapi.public=false asks for a signed-in user', async (t) => {
  const s = (await startTestApp(t, { env: { CMS_HTTP_OPENAPI_PUBLIC: 'false' } }))!;
  t.equal((await s.http('GET', '/api/openapi.json')).status, 401);
  t.equal((await s.http('GET', '/api/docs')).status, 401);
  const signedIn = await s.http('GET', '/api/openapi.json', { headers: s.basicAuth() });
  t.equal(signedIn.status, 200);
  t.equal(signedIn.headers.get('cache-control'), 'private, no-cache', 'not kept by shared caches');
  t.equal(signedIn.json.paths['/api/openapi.json'].get['x-access'], 'user');
});

t.test('the structural check finds what a generator could get wrong', async (t) => {
  const broken: Json = {
    openapi: '3.0.3',
    info: { title: 'x' },
    paths: {
      '/a/{id}': { get: { operationId: 'a', responses: {}, security: [{ nope: [] }] } },
      '/a/{other}': {
        get: {
          operationId: 'a',
          parameters: [{ name: 'other', in: 'path', schema: {} }],
          responses: { 200: { $ref: '#/components/responses/Missing' } },
          security: [],
        },
      },
    },
  };
  t.same(structuralProblems(broken), [
    'openapi is 3.0.3',
    'info.title and info.version',
    'GET /a/{id}: {id} is not declared',
    'GET /a/{id}: no responses',
    'GET /a/{id}: security scheme nope is not declared',
    '/a/{other} and /a/{id} are the same template',
    'GET /a/{other}: operationId missing or not unique',
    'GET /a/{other}: path parameter other must be required and in the template',
    '$ref #/components/responses/Missing does not resolve',
  ]);
});
