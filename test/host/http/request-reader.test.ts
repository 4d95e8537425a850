import t from 'tap';
import { Type } from '@sinclair/typebox';
import { CmsError, Errors } from '../../../core/errors/index.js';
import { BodyParsers, parseContentType } from '../../../host/http/body-parsers.js';
import { compileCoercer } from '../../../host/http/coerce.js';
import { INVALID_AS, RequestReader, pathParamsSchema } from '../../../host/http/request-reader.js';
import { route, type HttpRequest } from '../../../host/http/route.js';

function request(parts: { body?: string; contentType?: string; query?: string }): HttpRequest {
  const headers: Record<string, string> = parts.contentType ? { 'content-type': parts.contentType } : {};
  return {
    id: 'r1',
    method: 'POST',
    path: '/x',
    query: new URLSearchParams(parts.query ?? ''),
    headers,
    cookies: {},
    ip: '127.0.0.1',
    secure: false,
    rawBody: Buffer.from(parts.body ?? ''),
  };
}

const failure = (run: () => unknown): CmsError => {
  try {
    run();
  } catch (error) {
    if (error instanceof CmsError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
};

t.test('scalars sent as strings are read as the original reads them; junk is refused naming the member', async (t) => {
  const coerce = compileCoercer(
    Type.Object({
      archived: Type.Optional(Type.Boolean()),
      count: Type.Optional(Type.Integer()),
      ratio: Type.Optional(Type.Number()),
      name: Type.Optional(Type.String()),
      time: Type.Optional(Type.Union([Type.String(), Type.Integer(), Type.Null()])),
      list: Type.Optional(Type.Array(Type.Object({ on: Type.Boolean() }))),
      map: Type.Optional(Type.Record(Type.String(), Type.Integer())),
    }),
  );
  t.same(coerce({ archived: 'false', count: '100000', ratio: '-1.5e2', name: 'false' }), {
    archived: false,
    count: 100000,
    ratio: -150,
    name: 'false',
  });
  t.same(coerce({ archived: 'TRUE', list: [{ on: 'true' }], map: { a: '7' } }), {
    archived: true,
    list: [{ on: true }],
    map: { a: 7 },
  });
  t.same(coerce({ time: '5' }), { time: '5' }, 'text stays text where a union allows text');
  t.same(coerce({ archived: 'maybe', count: '12abc', name: 42 }), { archived: 'maybe', count: '12abc', name: 42 });

  const reader = new RequestReader(
    route({
      method: 'POST',
      path: '/x',
      access: 'public',
      summary: 'test',
      body: Type.Object({ archived: Type.Optional(Type.Boolean()), count: Type.Optional(Type.Integer()) }),
      handler: () => null,
    }),
    new BodyParsers(),
  );
  t.same(reader.readBody(request({ body: '{"archived":"false","count":"3"}', contentType: 'application/json' })), {
    archived: false,
    count: 3,
  });
  const junk = failure(() => reader.readBody(request({ body: '{"archived":"nope","count":"x"}' })));
  t.equal(junk.code, 'HTTP_BODY_INVALID');
  t.same(junk.details.map((d) => d.fieldName).sort(), ['archived', 'count'], 'each bad member is named');
});

t.test('the body parser is chosen by Content-Type; a JSON-only route answers 415 to anything else', async (t) => {
  const reader = new RequestReader(
    route({
      method: 'POST',
      path: '/x',
      access: 'public',
      summary: 'test',
      body: Type.Object({}),
      handler: () => null,
    }),
    new BodyParsers(),
  );
  t.same(reader.readBody(request({ body: '{}', contentType: 'application/json; charset=utf-8' })), {});
  t.same(reader.readBody(request({ body: '{}', contentType: 'application/merge-patch+json' })), {});
  t.same(reader.readBody(request({ body: '{}' })), {}, 'a body without a type is read as JSON');
  for (const type of [
    'text/plain',
    'application/xml',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
  ]) {
    const refused = failure(() => reader.readBody(request({ body: '{}', contentType: type })));
    t.equal(refused.kind, 'unsupported_media', type);
    t.equal(refused.message, 'HTTP 415 Unsupported Media Type');
  }
  t.same(parseContentType('Multipart/Form-Data; boundary="ab c"'), {
    mediaType: 'multipart/form-data',
    parameters: { boundary: 'ab c' },
  });
  t.throws(
    () =>
      new RequestReader(
        route({
          method: 'POST',
          path: '/y',
          access: 'public',
          summary: 'test',
          accepts: ['application/xml'],
          handler: () => null,
        }),
        new BodyParsers(),
      ),
    /no body parser reads/,
    'a route cannot accept a media type nobody parses',
  );
  const parsers = new BodyParsers();
  parsers.register({ mediaTypes: ['text/csv'], parse: (raw) => raw.toString().split(',') });
  const csv = new RequestReader(
    route({
      method: 'POST',
      path: '/csv',
      access: 'public',
      summary: 'test',
      accepts: ['text/csv'],
      body: Type.Array(Type.String()),
      handler: () => null,
    }),
    parsers,
  );
  t.same(csv.readBody(request({ body: 'a,b', contentType: 'text/csv' })), ['a', 'b'], 'parsers plug into the registry');
});

t.test('path and query parameters are declared, converted and named when malformed', async (t) => {
  t.same(Object.keys(pathParamsSchema('/a/:one/b/:two/*rest').properties), ['one', 'two', 'rest']);
  const reader = new RequestReader(
    route({
      method: 'GET',
      path: '/langs/:languageId',
      access: 'public',
      summary: 'test',
      params: Type.Object({ languageId: Type.Integer({ minimum: 0 }) }),
      query: Type.Object({
        page: Type.Optional(Type.Integer({ minimum: 1 })),
        live: Type.Optional(Type.Boolean({ [INVALID_AS]: () => new CmsError(Errors.CONTENT_LIVE_INVALID) })),
        tag: Type.Optional(Type.Array(Type.String())),
      }),
      handler: () => null,
    }),
    new BodyParsers(),
  );
  t.same(reader.readParams({ languageId: '2' }), { languageId: 2 });
  const badParam = failure(() => reader.readParams({ languageId: 'two' }));
  t.equal(badParam.code, 'HTTP_PATH_PARAMETER_INVALID');
  t.equal(badParam.details[0]?.fieldName, 'languageId');
  t.same(reader.readQuery(request({ query: 'page=3&live=false&tag=a&tag=b&other=x' })), {
    page: 3,
    live: false,
    tag: ['a', 'b'],
  });
  const badQuery = failure(() => reader.readQuery(request({ query: 'page=0' })));
  t.equal(badQuery.code, 'HTTP_QUERY_INVALID');
  t.equal(badQuery.details[0]?.fieldName, 'page');
  t.match(badQuery.message, /Query parameter page/);
  t.equal(
    failure(() => reader.readQuery(request({ query: 'live=yes' }))).code,
    'CONTENT_LIVE_INVALID',
    'a declared error of its own',
  );
});

t.test('a value that fits no member of a union is refused naming the member and what it accepts', async (t) => {
  const Item = Type.Object({ name: Type.String(), icon: Type.Optional(Type.String()) });
  const reader = new RequestReader(
    route({
      method: 'POST',
      path: '/x',
      access: 'public',
      summary: 'x',
      body: Type.Union([
        Item,
        Type.Array(Type.Object({ name: Type.String(), tags: Type.Union([Type.String(), Type.Array(Type.String())]) })),
      ]),
      handler: () => null,
    }),
    new BodyParsers(),
  );
  const read = (body: unknown) => failure(() => reader.readBody(request({ body: JSON.stringify(body) })));

  const wrongMember = read({ name: 'x', icon: 5 });
  t.equal(wrongMember.details[0]?.fieldName, 'icon', 'an object sent where one or many are taken names its member');
  t.notMatch(wrongMember.message, /union/i);
  t.match(wrongMember.message, /icon/);

  const wrongUnion = read([{ name: 'x', tags: 5 }]);
  t.equal(wrongUnion.details[0]?.fieldName, '0.tags');
  t.match(wrongUnion.details[0]?.message, /0\.tags: Expected a string or an array of strings/);

  const neither = read(5);
  t.match(neither.message, /Expected an object or an array of objects/);
  t.notMatch(neither.message, /union/i);
});

t.test('of several objects a union takes, the refusal names the problems of the closest', async (t) => {
  const reader = new RequestReader(
    route({
      method: 'POST',
      path: '/x',
      access: 'public',
      summary: 'x',
      body: Type.Union([
        Type.Object({ kind: Type.Literal('a'), size: Type.Integer() }),
        Type.Object({ kind: Type.Literal('b'), name: Type.String(), tags: Type.Array(Type.String()) }),
      ]),
      handler: () => null,
    }),
    new BodyParsers(),
  );
  const refused = failure(() => reader.readBody(request({ body: JSON.stringify({ kind: 'a', size: 'big' }) })));
  t.same(
    refused.details.map((d) => d.fieldName),
    ['size'],
  );
  t.notMatch(refused.message, /union/i);
});
