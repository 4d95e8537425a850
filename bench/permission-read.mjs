// A content read with permission checks (a user whose role is granted READ) against the same read
// as an administrator (who bypasses them), in one run. Run: npm run bench:permissions
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measure, recordSection, startService, stopProcess } from './lib.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'cms-bench-'));
const base = 'http://127.0.0.1:9103';
const adminPassword = 'bench-password';
const readerPassword = 'reader-bench-password-1';

const service = await startService({
  CMS_DATA_DIR: dataDir,
  PORT: '9103',
  CMS_HTTP_HOST: '127.0.0.1',
  INITIAL_ADMIN_PASSWORD: adminPassword,
});

async function call(method, path, headers, body) {
  const response = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response;
}

async function signIn(user, password) {
  const login = await call('POST', '/api/v1/authentication', {}, { user, password });
  return login.headers.get('set-cookie').split(';')[0];
}

try {
  const admin = { cookie: await signIn('admin@cms.com', adminPassword) };
  await call('POST', '/api/v1/contenttype', admin, { clazz: 'SimpleContentType', name: 'Note', variable: 'Note' });
  await call('POST', '/api/v2/contenttype/Note/fields', admin, [
    { clazz: 'TextField', name: 'title', variable: 'title' },
    { clazz: 'TextField', name: 'body', variable: 'body' },
  ]);
  const fired = await call('PUT', '/api/v1/workflow/actions/default/fire/PUBLISH', admin, {
    contentletFormData: { contentType: 'Note', title: 'Benchmark', body: 'A note read many times' },
  });
  const identifier = (await fired.json()).entity.identifier;
  const role = await call('POST', '/api/v1/roles', admin, { roleName: 'Readers', roleKey: 'readers' });
  const roleId = (await role.json()).entity.id;
  // Grants on the site; the item and its type inherit them, so a check walks the inheritance.
  await call('PUT', '/api/v1/permissions/SYSTEM_HOST', admin, { permissions: [{ roleId, permissions: ['READ'] }] });
  await call('POST', '/api/v1/users', admin, {
    email: 'reader@bench.local',
    firstName: 'R',
    lastName: 'R',
    password: readerPassword,
    roles: [roleId],
  });
  const reader = { cookie: await signIn('reader@bench.local', readerPassword) };

  // The working version (live=false): only a grant to one of the caller's roles allows it.
  const url = `${base}/api/v1/content/${identifier}`;
  const runs = { admin: [], reader: [] };
  // Alternated, twice each, so that drift of the machine's load falls on both.
  for (let round = 0; round < 2; round++) {
    runs.admin.push(await measure('as administrator (checks bypassed)', { url, headers: admin }));
    runs.reader.push(await measure('as a user granted READ by a role (checks on)', { url, headers: reader }));
  }
  const mean = (results) => ({
    title: results[0].title,
    requestsPerSecond: Math.round(results.reduce((sum, r) => sum + r.requestsPerSecond, 0) / results.length),
    latencyP50: Math.max(...results.map((r) => r.latencyP50)),
    latencyP99: Math.max(...results.map((r) => r.latencyP99)),
  });
  const asAdmin = mean(runs.admin);
  const asReader = mean(runs.reader);
  const ratio = ((asReader.requestsPerSecond / asAdmin.requestsPerSecond) * 100).toFixed(1);
  const row = (r) => `| ${r.title} | ${r.requestsPerSecond} | ${r.latencyP50} | ${r.latencyP99} |`;
  const markdown = `## Content read with permission checks

Command: \`npm run bench:permissions\` (autocannon, 50 connections, two alternated runs of ${process.env.BENCH_SECONDS ?? 10} s per caller, client and server on the same machine: ${cpus().length} cores, Node ${process.version}). \`GET /api/v1/content/{identifier}\` (the working version, SQLite) with a session cookie; the reader's READ comes from a role granted on SYSTEM_HOST and inherited by the item. Recorded ${new Date().toISOString().slice(0, 10)}.

| Caller | requests/s (mean) | p50 ms (worst) | p99 ms (worst) |
|---|---|---|---|
${row(asAdmin)}
${row(asReader)}

The checked read answers **${ratio}%** of the administrator's rate (aim: 90% or more). Grants are cached per process until the definitions version token changes; a check costs a few map look-ups.`;
  recordSection(join(root, 'docs/benchmarks.md'), 'permission-read', markdown);
  console.log(markdown);
} finally {
  await stopProcess(service.child);
  rmSync(dataDir, { recursive: true, force: true });
}
