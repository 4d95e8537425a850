import t from 'tap';
import { silentLogger } from '../../../core/logger.js';
import { FieldValueError } from '../../../core/plugin/field-type.js';
import {
  ConflictError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  PluginError,
  UnauthenticatedError,
  UnavailableError,
} from '../../../core/plugin/plugin-errors.js';
import { mapError } from '../../../host/http/error-mapper.js';

t.test('each plugin error reaches the client with its status, its message and its code', async (t) => {
  const cases: Array<[PluginError, number, string]> = [
    [new InvalidError('url must be an http(s) URL', { fieldName: 'url' }), 400, 'PLUGIN_INVALID'],
    [new UnauthenticatedError('Unknown API key'), 401, 'PLUGIN_UNAUTHENTICATED'],
    [new ForbiddenError('Not in office hours'), 403, 'PLUGIN_FORBIDDEN'],
    [new NotFoundError('No such translation memory'), 404, 'PLUGIN_NOT_FOUND'],
    [new ConflictError('The slug is taken'), 409, 'PLUGIN_CONFLICT'],
    [new UnavailableError('The translator is down', { retryAfterSeconds: 30 }), 503, 'PLUGIN_UNAVAILABLE'],
    [new FieldValueError('must be a slug'), 400, 'PLUGIN_INVALID'],
  ];
  for (const [error, status, code] of cases) {
    const mapped = mapError(error, silentLogger);
    t.equal(mapped.status, status, code);
    const shown = status === 401 ? `Invalid User: ${error.message}` : error.message;
    t.equal(mapped.body.message, shown, `${code}: the message reaches the client`);
    t.equal(mapped.body.errors[0]?.errorCode, code);
    t.equal(mapped.body.errors[0]?.message, error.message);
  }
  t.equal(mapError(cases[0]![0], silentLogger).body.errors[0]?.fieldName, 'url', 'the field the plugin named');
  t.equal(mapError(cases[5]![0], silentLogger).headers['Retry-After'], '30');
});

t.test('a plugin may answer a code of its own, or a catalogue code of the same kind', async (t) => {
  const own = mapError(
    new ConflictError('The slug is taken', { code: 'ACME_SLUG_TAKEN', fieldName: 'slug' }),
    silentLogger,
  );
  t.equal(own.status, 409);
  t.same(own.body.errors, [{ errorCode: 'ACME_SLUG_TAKEN', message: 'The slug is taken', fieldName: 'slug' }]);
  const catalogued = mapError(new UnauthenticatedError(undefined, { code: 'AUTH_INVALID_USER' }), silentLogger);
  t.equal(catalogued.status, 401);
  t.equal(catalogued.body.message, 'Invalid User');
  t.equal(catalogued.body.errors[0]?.errorCode, 'AUTH_INVALID_USER');
  t.throws(() => new InvalidError('x', { code: 'acme-bad' }), {
    name: 'TypeError',
    message: /"acme-bad" is not SCREAMING_SNAKE/,
  });
  t.throws(
    () => new InvalidError('x', { code: 'ACME' }),
    { message: /not SCREAMING_SNAKE/ },
    'an area prefix is needed',
  );
  t.throws(() => new InvalidError('x', { code: 'AUTH_INVALID_USER' }), {
    message: /AUTH_INVALID_USER is the service's unauthenticated error; it cannot be invalid/,
  });
});

t.test('a message with braces is shown as written', async (t) => {
  t.equal(new InvalidError('use {name} literally').message, 'use {name} literally');
});
