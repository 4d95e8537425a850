// Shared pieces of the benchmarks: start a process, wait for a line, run autocannon, record results.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

/**
 * Starts a process whose standard output (the access log) goes to a file, as in production, and
 * waits for a line of it. The load generator never reads the log: draining a pipe of ~100 bytes per
 * request would take CPU from autocannon, which shares the machine, and lower every result.
 */
export function startProcess(args, env, readyPattern) {
  const logFile = join(mkdtempSync(join(tmpdir(), 'cms-bench-log-')), 'stdout.log');
  const out = openSync(logFile, 'w');
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', out, 'inherit'],
  });
  closeSync(out);
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const match = readyPattern.exec(readFileSync(logFile, 'utf8'));
      if (match) {
        clearInterval(timer);
        child.off('exit', early);
        child.on('exit', () => rmSync(dirname(logFile), { recursive: true, force: true }));
        resolve({ child, match });
      }
    }, 50);
    const early = (code) => {
      clearInterval(timer);
      reject(new Error(`process exited with ${code} before it was ready`));
    };
    child.on('exit', early);
  });
}

export function stopProcess(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.on('exit', resolve);
    child.kill('SIGTERM');
  });
}

export async function measure(title, options) {
  const result = await autocannon({
    connections: 50,
    duration: Number(process.env.BENCH_SECONDS ?? 10),
    ...options,
    title,
  });
  const errors = result.errors + result.timeouts + (result.non2xx ?? 0);
  if (errors > 0) throw new Error(`${title}: ${errors} errors/timeouts/non-2xx answers`);
  return {
    title,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    total: result.requests.total,
  };
}

/** Replaces the section between `<!-- name -->` and `<!-- /name -->` in docs/benchmarks.md (appends it when new), stamped with the time and load. */
export function recordSection(file, name, markdown, now = new Date(), load = loadavg()) {
  const start = `<!-- ${name} -->`;
  const end = `<!-- /${name} -->`;
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  // Every section says when it was written and how busy the machine was then: figures of a shared
  // machine are read against its load.
  const when = `${now.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const stamp = `_Written ${when}; load average when written (1, 5, 15 min): ${load.map((l) => l.toFixed(2)).join(', ')}._`;
  const block = `${start}\n${markdown.trim()}\n\n${stamp}\n${end}`;
  const pattern = new RegExp(`${start}[\\s\\S]*?${end}`);
  writeFileSync(file, pattern.test(text) ? text.replace(pattern, block) : `${text.trimEnd()}\n\n${block}\n`);
}

/** The text fields of the benchmarks' `Bench` type, and the values each new item gets. */
const BENCH_TEXT_FIELDS = ['title', 'author', 'body'];

/**
 * Makes the benchmarks' `Bench` content type: three text fields, then `moreFields`; `type` adds to
 * the type's body (its workflow schemes, say). `call(method, path, body)` is the script's own.
 */
export async function createBenchType(call, { type = {}, moreFields = [] } = {}) {
  await call('POST', '/api/v1/contenttype', { clazz: 'SimpleContentType', name: 'Bench', variable: 'Bench', ...type });
  await call('POST', '/api/v2/contenttype/Bench/fields', [
    ...BENCH_TEXT_FIELDS.map((name) => ({ clazz: 'TextField', name, variable: name })),
    ...moreFields,
  ]);
}

/** The `n`th new item of the fire benchmarks: contentletFormData of a `Bench` item. */
const benchItem = (n) => ({ contentType: 'Bench', title: `Item ${n}`, author: 'Bench', body: 'Three text fields' });

/**
 * autocannon options that PUT a fire to `url`, each connection with a `Bench` item of its own
 * (`item(n)` for the nth connection, `Item <n>` by default); `body` adds to the fire's body (an
 * assignee, say).
 */
export function newItemFires(url, headers, body = {}, item = benchItem) {
  let n = 0;
  return {
    url,
    method: 'PUT',
    headers,
    connections: 16,
    setupClient: (client) => client.setBody(JSON.stringify({ contentletFormData: item(n++), ...body })),
  };
}

/**
 * The built service (`npm run build`), started with `env` and answered once it writes its address.
 * BENCH_SERVICE names another build's entry point, to measure two builds on the same machine.
 */
export function startService(env) {
  const main = process.env.BENCH_SERVICE ?? fileURLToPath(new URL('../dist/bundle/host/main.js', import.meta.url));
  return startProcess(['--import', 'reflect-metadata', main], env, /"url":"(http[^"]+)"/);
}

/** The administrator's password in the benchmarks' fresh data directories. */
export const BENCH_PASSWORD = 'bench-password';
/** The administrator's headers for JSON requests, with Basic credentials (no session to keep). */
export const ADMIN_JSON = {
  authorization: `Basic ${Buffer.from(`admin@cms.com:${BENCH_PASSWORD}`).toString('base64')}`,
  'content-type': 'application/json',
};
/** For the read benchmarks: the access_token cookie over the loopback's plain HTTP, and a key of their own. */
export const READ_SERVICE_ENV = {
  CMS_JSON_WEB_TOKEN_ALLOWHTTP: 'true',
  CMS_JSON_WEB_TOKEN_HASH_SIGNING_KEY: 'bench-signing-key-of-at-least-32-characters',
};
/** The System Workflow's Publish action. */
export const PUBLISH_ACTION = 'b9d89c80-3d88-4311-8365-187323c96436';

/**
 * The yardstick (bench/bare-uws.mjs) on `port`; `buffer` has it read POST bodies too, `bodyBytes`
 * answer that many bytes instead of its hello-world.
 */
export function startBare(port, { buffer = false, bodyBytes } = {}) {
  const script = fileURLToPath(new URL('./bare-uws.mjs', import.meta.url));
  const env = bodyBytes ? { BARE_BODY_BYTES: String(bodyBytes) } : {};
  return startProcess([script, String(port), ...(buffer ? ['buffer'] : [])], env, /ready/);
}

/**
 * `call(method, path, body)` of the service at `base` as the administrator: the parsed JSON answer,
 * or an error naming the request. A burst of first sign-ins may meet the bounded password-hash queue
 * (AUTH_BUSY, 503): the call waits as told and tries again.
 */
export function adminCaller(base) {
  const call = async (method, path, body, attempt = 0) => {
    const response = await fetch(base + path, {
      method,
      headers: ADMIN_JSON,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status === 503 && attempt < 5) {
      await new Promise((r) => setTimeout(r, 1000 * Number(response.headers.get('retry-after') ?? 1)));
      return call(method, path, body, attempt + 1);
    }
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : undefined;
  };
  return call;
}

/**
 * The service on 127.0.0.1:`port` with the administrator's password, on `dataDir` or a new data
 * directory that `stop()` removes. Answers its process, its address, `call` (adminCaller) and `stop`.
 */
export async function startBenchService({ port, env = {}, dataDir }) {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'cms-bench-'));
  const { child } = await startService({
    CMS_DATA_DIR: dir,
    PORT: String(port),
    CMS_HTTP_HOST: '127.0.0.1',
    INITIAL_ADMIN_PASSWORD: BENCH_PASSWORD,
    ...env,
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopProcess(child);
    if (!dataDir) rmSync(dir, { recursive: true, force: true });
  };
  return { child, base, dataDir: dir, call: adminCaller(base), stop };
}

/** Signs in at `base` (remembered); answers the cookies set, `name=value` each. */
export async function signIn(base, user, password) {
  const login = await fetch(`${base}/api/v1/authentication`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user, password, rememberMe: true }),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
  return login.headers.getSetCookie().map((c) => c.split(';')[0]);
}

/** A new API key of the administrator for an hour, made with `headers` (a session cookie or Basic). */
export async function createApiKey(base, headers) {
  const created = await fetch(`${base}/api/v1/apitoken`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ userId: 'cms.org.1', expirationSeconds: 3600, claims: { label: 'bench' } }),
  });
  if (created.status !== 200) throw new Error(`API key creation failed: ${created.status} ${await created.text()}`);
  return (await created.json()).entity.jwt;
}

/**
 * The MariaDB server of `url` (mysql://user:password@host:port/…), or undefined with a line saying
 * so when none answers.
 */
export async function mysqlServer(url) {
  const server = new URL(url);
  // Loaded here: most benchmarks never reach a MariaDB server.
  const { createConnection } = await import('mysql2/promise');
  try {
    return await createConnection({
      host: server.hostname,
      port: Number(server.port || 3306),
      user: decodeURIComponent(server.username),
      password: decodeURIComponent(server.password),
    });
  } catch (error) {
    console.log(`MariaDB not reachable at ${server.host} (${error.code ?? error.message}): SQLite only`);
    return undefined;
  }
}

/**
 * Runs `work(url, name)` with a fresh database of `admin`'s server (`url` naming it), dropped after.
 */
export async function withScratchDatabase(admin, url, work) {
  const database = `cms_bench_${Date.now().toString(36)}`;
  await admin.query(`CREATE DATABASE \`${database}\``);
  try {
    const scratch = new URL(url);
    scratch.pathname = `/${database}`;
    return await work(scratch.toString(), database);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
  }
}

/** The address of the MariaDB server the benchmarks use (CMS_TEST_MYSQL_URL, as the tests). */
export const MYSQL_URL = process.env.CMS_TEST_MYSQL_URL || 'mysql://root@127.0.0.1:3306/test';
