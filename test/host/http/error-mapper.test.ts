import t from 'tap';
import {
  ConflictError,
  CmsError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  UnauthenticatedError,
} from '../../../core/errors.js';
import { TooManyAttemptsError } from '../../../core/auth/login-throttle.js';
import { silentLogger, type Logger } from '../../../core/logger.js';
import { mapError } from '../../../host/http/error-mapper.js';

t.test('each kind maps to its status with the envelope and a top-level message', async (t) => {
  const cases: Array<[CmsError, number]> = [
    [new InvalidInputError('X_BAD', 'bad', { fieldName: 'f' }), 400],
    [new UnauthenticatedError(), 401],
    [new ForbiddenError(), 403],
    [new NotFoundError('X_NOT_FOUND', 'Workflow scheme [1] not found'), 404],
    [new ConflictError('X_DUP', 'dup'), 409],
    [new CmsError('too_large', 'X_BIG', 'big'), 413],
    [new CmsError('unsupported_media', 'X_TYPE', 'type'), 415],
    [new TooManyAttemptsError(12.2), 429],
    [new CmsError('unavailable', 'X_DOWN', 'down'), 503],
  ];
  for (const [error, status] of cases) {
    const mapped = mapError(error, silentLogger);
    t.equal(mapped.status, status, error.code);
    t.equal(mapped.body.entity, null);
    t.equal(mapped.body.message, error.kind === 'unauthenticated' ? 'Invalid User' : error.message);
    t.same(mapped.body.errors, error.details);
    t.same(mapped.body.messages, []);
    t.same(mapped.body.i18nMessagesMap, {});
    t.same(mapped.body.permissions, []);
  }
  t.same(mapError(new InvalidInputError('X_BAD', 'bad', { fieldName: 'f' }), silentLogger).body.errors, [
    { errorCode: 'X_BAD', message: 'bad', fieldName: 'f' },
  ]);
  t.equal(mapError(new TooManyAttemptsError(12.2), silentLogger).headers['Retry-After'], '13');
});

t.test('401 bodies always contain Invalid User', async (t) => {
  const mapped = mapError(new UnauthenticatedError('Session expired'), silentLogger);
  t.match(mapped.body.message, /Invalid User/);
  t.ok(mapped.headers['WWW-Authenticate']);
});

t.test('unknown errors are a generic 500, logged once, with no stack trace in the body', async (t) => {
  const logged: unknown[] = [];
  const log: Logger = { ...silentLogger, error: (fields) => logged.push(fields), child: () => log };
  const boom = new Error('database password is hunter2');
  const mapped = mapError(boom, log);
  t.equal(mapped.status, 500);
  t.equal(mapped.body.message, 'An unexpected error occurred');
  t.notMatch(JSON.stringify(mapped.body), /hunter2|at .*\.ts/);
  t.same(logged, [{ err: boom }]);
});
