import t, { type Test } from 'tap';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type App } from '../../host/app.js';
import type { HttpResponse } from '../../host/http/pipeline.js';
import type { LogSink } from '../../host/logger.js';
import { answerProblems } from './documented-answer.js';
import { copyTemplateInto, templateApplies } from './data-dir-template.js';
import { createTestDatabase } from './mysql-database.js';

export const ADMIN = { email: 'admin@cms.com', password: 'admin-test-password' };

export type StorageName = 'sqlite' | 'mysql';

export interface TestApp {
  app: App;
  /** The server's address; only apps started with `socket: true` listen. */
  readonly url: string;
  dataDir: string;
  /** Every log line the app wrote, parsed. */
  logs: Array<Record<string, unknown>>;
  /**
   * A request: in-process through `app.inject` (the default), or through a real socket for apps
   * started with `socket: true`. Both answer the same shape.
   */
  http(
    method: string,
    path: string,
    options?: { headers?: Record<string, string>; body?: unknown; raw?: string | Buffer },
  ): Promise<TestResponse>;
  basicAuth(email?: string, password?: string): Record<string, string>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

export class CapturingSink implements LogSink {
  readonly lines: Array<Record<string, unknown>> = [];
  write(line: string): void {
    for (const l of line.split('\n')) if (l) this.lines.push(JSON.parse(l));
  }
}

export function tempDataDir(t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'cms-test-'));
  t.teardown(() => removeDataDir(dir));
  return dir;
}

/**
 * Removes a test's data directory, after its app closed (tap runs teardowns last registered first).
 * A removal that fails met a file written after the close: the error names what is still there,
 * so that whatever outlived the app can be found (a full run once failed in a teardown, saying nothing).
 */
function removeDataDir(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch (error) {
    const left = readdirSync(dir, { recursive: true }).map(String);
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(`the data directory could not be removed (${code}); still in it: ${left.join(', ')}`, {
      cause: error,
    });
  }
}

export interface TestAppOptions {
  env?: Record<string, string>;
  storage?: StorageName;
  dataDir?: string;
  /** Listen on a free port and send requests through the socket (for tests of the HTTP adapter). */
  socket?: boolean;
  /**
   * Start on an empty data directory, migrating and seeding as a first start does. Without it, an
   * app on SQLite in a new directory starts from a copy of what that first start leaves
   * (data-dir-template.ts): the same files, in a fraction of the time.
   */
  fresh?: boolean;
}

/**
 * Builds the real service with its own data directory (and, for `mysql`, its own database), and
 * stops it when the test ends. Requests go in-process unless `socket` is set. Answers undefined when
 * MySQL was asked for and no server answers (the skip is reported loudly).
 */
export async function startTestApp(t: Test, options: TestAppOptions = {}): Promise<TestApp | undefined> {
  const dataDir = options.dataDir ?? tempDataDir(t);
  const configuration: Record<string, string> = {
    INITIAL_ADMIN_PASSWORD: ADMIN.password,
    CMS_HTTP_HOST: '127.0.0.1',
    // Indexing in the answering thread: a worker per app would load every plugin again for each of
    // the many apps tests start. Tests of the workers ask for them (CMS_SEARCH_INDEX_WORKERS).
    CMS_SEARCH_INDEX_WORKERS: '0',
    // Searches in the answering thread too, for the same reason; tests of the search threads ask for them.
    CMS_SEARCH_EMBEDDED_WORKERS: '0',
    // The cheapest accepted scrypt cost: every app hashes its administrator and a decoy at start, and
    // each test signs in; real scrypt all the same. Tests of the cost set it themselves.
    CMS_AUTH_PASSWORD_HASH_COST: '1024',
    // One ingest worker (started by the first batch only), not one per CPU for each app.
    CMS_ANALYTICS_WORKERS: '1',
    // At the answering thread's priority: niced below two busy tap jobs, the workers starved and the
    // ingest tests took several times as long. The priority itself is tested with it set.
    CMS_ANALYTICS_WORKERS_NICE: '0',
    ...options.env,
  };
  const env: Record<string, string> = { ...configuration, CMS_DATA_DIR: dataDir };
  if (options.storage === 'mysql') {
    const url = await createTestDatabase(t);
    if (!url) return undefined;
    env.CMS_STORAGE_DRIVER = 'mysql';
    env.CMS_STORAGE_MYSQL_URL = url;
  } else if (!options.dataDir && !options.fresh && templateApplies(configuration))
    await copyTemplateInto(configuration, dataDir);
  const sink = new CapturingSink();
  const app = await buildApp({ env, cwd: dataDir, logSink: sink });
  t.teardown(() => app.close());
  const url = options.socket ? (await app.listen(0)).url : undefined;
  return {
    app,
    get url(): string {
      if (!url) throw new Error('This test app does not listen: start it with { socket: true }');
      return url;
    },
    dataDir,
    logs: sink.lines,
    async http(method, path, { headers = {}, body, raw } = {}) {
      const sent: Record<string, string> = { ...headers };
      let payload: string | Buffer | undefined = raw;
      if (raw === undefined && body !== undefined) {
        payload = JSON.stringify(body);
        if (!Object.keys(sent).some((k) => k.toLowerCase() === 'content-type'))
          sent['content-type'] = 'application/json';
      }
      const response = await (url
        ? viaSocket(url, method, path, sent, payload)
        : viaInject(app, method, path, sent, payload));
      checkAgainstDocument(t, app, method, path, response);
      return response;
    },
    basicAuth(email = ADMIN.email, password = ADMIN.password) {
      return { authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` };
    },
  };
}

/**
 * Runs a test on SQLite, and again on MariaDB when it answers (skipped, loudly, otherwise and in
 * the fast tier). The test gets an app on that storage.
 *
 * Only for scenarios whose point is the database server or the dialect: concurrency, locking,
 * migrations and upgrades, processes or threads sharing one database, durability, storage failures,
 * the limits of columns. What a REST scenario needs of the repositories is asserted on every driver
 * by the storage contract suites (test/storage/*-suite.ts); the scenario itself runs on SQLite
 * ({@link testOnSqlite}).
 */
export function testOnEachStorage(
  name: string,
  body: (t: Test, s: TestApp, storage: StorageName) => Promise<void>,
  options: Omit<TestAppOptions, 'storage'> = {},
): void {
  for (const storage of ['sqlite', 'mysql'] as const) testOn(storage, name, body, options);
}

/**
 * Runs a REST scenario on SQLite only: the storage contract suites assert, on every driver, what
 * it needs of the repositories. Named as {@link testOnEachStorage} names its SQLite run.
 */
export function testOnSqlite(
  name: string,
  body: (t: Test, s: TestApp, storage: StorageName) => Promise<void>,
  options: Omit<TestAppOptions, 'storage'> = {},
): void {
  testOn('sqlite', name, body, options);
}

function testOn(
  storage: StorageName,
  name: string,
  body: (t: Test, s: TestApp, storage: StorageName) => Promise<void>,
  options: Omit<TestAppOptions, 'storage'>,
): void {
  t.test(`${name}, on ${storage}`, async (t) => {
    const s = await startTestApp(t, { ...options, storage });
    if (s) await body(t, s, storage);
  });
}

/**
 * Every successful answer any test receives (200, or the route's documented success status) is
 * checked against the schema the OpenAPI document publishes for its route, so the document is proved by the whole suite, not by a sample. A HEAD
 * answer has no body to check.
 */
function checkAgainstDocument(t: Test, app: App, method: string, path: string, response: TestResponse): void {
  if (response.status >= 300 || method.toUpperCase() === 'HEAD') return;
  const route = app.routeOf(method, path.split('?')[0]!);
  // Only the documented success is checked: another 2xx (an ingest partly stored) has its own test.
  if (!route || response.status !== (route.definition.response?.status ?? 200)) return;
  const problems = answerProblems(route, response);
  if (problems.length)
    t.fail(`${method} ${route.path} answered unlike its documented schema`, {
      problems,
      body: response.text.slice(0, 2000),
    });
}

async function viaSocket(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | Buffer | undefined,
): Promise<TestResponse> {
  const response = await fetch(url + path, { method, headers, body });
  return answer(response.status, response.headers, await response.text());
}

async function viaInject(
  app: App,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | Buffer | undefined,
): Promise<TestResponse> {
  const response: HttpResponse = await app.inject({ method, path, headers, body });
  const out = new Headers(response.headers);
  for (const cookie of response.cookies) out.append('set-cookie', cookie);
  const text = method.toUpperCase() === 'HEAD' ? '' : response.body.toString();
  return answer(response.status, out, text);
}

function answer(status: number, headers: Headers, text: string): TestResponse {
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status, headers, text, json };
}

/** A simple content type with text fields (by variable), made as an administrator. */
export async function textContentType(
  s: TestApp,
  variable: string,
  fields: readonly string[] = ['title'],
): Promise<void> {
  const admin = s.basicAuth();
  await s.http('POST', '/api/v1/contenttype', {
    headers: admin,
    body: { clazz: 'SimpleContentType', name: variable, variable },
  });
  await s.http('POST', `/api/v2/contenttype/${variable}/fields`, {
    headers: admin,
    body: fields.map((name) => ({ clazz: 'TextField', name, variable: name })),
  });
}

/**
 * A user of a new role (no grants unless the test gives them), made as an administrator: answers the
 * Basic credentials to call as them, and the role's id.
 */
export async function userWithNewRole(
  s: TestApp,
  { roleName = 'Readers', email = 'r@x.com', password = 'reader-password' } = {},
): Promise<{ auth: Record<string, string>; roleId: string }> {
  const admin = s.basicAuth();
  const role = await s.http('POST', '/api/v1/roles', { headers: admin, body: { roleName } });
  await s.http('POST', '/api/v1/users', {
    headers: admin,
    body: { email, firstName: 'R', lastName: 'R', password, roles: [role.json.entity.id] },
  });
  return { auth: s.basicAuth(email, password), roleId: role.json.entity.id };
}
