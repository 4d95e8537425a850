import t from 'tap';
import { CmsError, Errors } from '../../../core/errors/index.js';
import { TooManyAttemptsError } from '../../../core/auth/login-throttle.js';
import { silentLogger, type Logger } from '../../../core/logger.js';
import { mapError } from '../../../host/http/error-mapper.js';

t.test('each kind maps to its status with the envelope and a top-level message', async (t) => {
  const cases: Array<[CmsError, number]> = [
    [new CmsError(Errors.WORKFLOW_STEP_NOT_EMPTY, { step: 'Draft' }, { fieldName: 'f' }), 400],
    [new CmsError(Errors.AUTH_INVALID_USER), 401],
    [new CmsError(Errors.AUTH_FORBIDDEN), 403],
    [new CmsError(Errors.WORKFLOW_SCHEME_NOT_FOUND, { scheme: '1' }), 404],
    [new CmsError(Errors.HTTP_METHOD_NOT_ALLOWED, { method: 'PATCH' }, { allow: ['GET', 'PUT'] }), 405],
    [new CmsError(Errors.CONTENT_TYPE_VARIABLE_TAKEN, { variable: 'Blog' }), 409],
    [new CmsError(Errors.HTTP_BODY_TOO_LARGE), 413],
    [new CmsError(Errors.HTTP_MEDIA_TYPE_UNSUPPORTED), 415],
    [new TooManyAttemptsError(12.2), 429],
    [new CmsError(Errors.SERVICE_NOT_READY), 503],
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
  t.same(
    mapError(new CmsError(Errors.WORKFLOW_STEP_NOT_EMPTY, { step: 'Draft' }, { fieldName: 'f' }), silentLogger).body
      .errors,
    [
      {
        errorCode: 'WORKFLOW_STEP_NOT_EMPTY',
        message: 'The step Draft still holds content; move it first',
        fieldName: 'f',
      },
    ],
  );
  t.equal(mapError(new TooManyAttemptsError(12.2), silentLogger).headers['Retry-After'], '13');
  t.equal(
    mapError(new CmsError(Errors.HTTP_METHOD_NOT_ALLOWED, { method: 'PATCH' }, { allow: ['GET', 'PUT'] }), silentLogger)
      .headers.Allow,
    'GET, PUT',
  );
  t.equal(
    mapError(new CmsError(Errors.SERVICE_NOT_READY, undefined, { retryAfterSeconds: 5 }), silentLogger).headers[
      'Retry-After'
    ],
    '5',
  );
});

t.test('401 bodies always contain Invalid User', async (t) => {
  const mapped = mapError(new CmsError(Errors.AUTH_INVALID_USER), silentLogger);
  t.match(mapped.body.message, /Invalid User/);
  t.ok(mapped.headers['WWW-Authenticate']);
});

t.test('a fault of the catalogue (kind internal) is answered like any unexpected error', async (t) => {
  const logged: unknown[] = [];
  const log: Logger = { ...silentLogger, error: (fields) => logged.push(fields), child: () => log };
  const fault = new CmsError(Errors.STORAGE_FAILED, undefined, { cause: new Error('SELECT * FROM users') });
  const mapped = mapError(fault, log);
  t.equal(mapped.status, 500);
  t.equal(mapped.body.message, 'An unexpected error occurred');
  t.equal(mapped.body.errors[0]?.errorCode, 'INTERNAL_ERROR');
  t.notMatch(JSON.stringify(mapped.body), /SELECT|Storage operation failed/);
  t.same(logged, [{ err: fault }], 'the cause is logged');
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
