// Fires per second of the System Workflow's Publish on new items (contentletFormData with three
// text fields), on SQLite and on MariaDB. Run: npm run bench:fire
// MariaDB is read from CMS_TEST_MYSQL_URL (default mysql://root@127.0.0.1:3306/test); a fresh
// database is created for the run and dropped after it.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConnection } from 'mysql2/promise';
import { createBenchType, measure, newItemFires, recordSection, startService, stopProcess } from './lib.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const password = 'bench-password';
const auth = `Basic ${Buffer.from(`admin@cms.com:${password}`).toString('base64')}`;
const mysqlUrl = process.env.CMS_TEST_MYSQL_URL || 'mysql://root@127.0.0.1:3306/test';

async function run(label, port, env) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cms-bench-fire-'));
  const service = await startService({
    CMS_DATA_DIR: dataDir,
    PORT: String(port),
    CMS_HTTP_HOST: '127.0.0.1',
    INITIAL_ADMIN_PASSWORD: password,
    ...env,
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    const call = (method, path, body) =>
      fetch(base + path, {
        method,
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await createBenchType(call);
    return await measure(
      `Publish on new items (${label})`,
      newItemFires(`${base}/api/v1/workflow/actions/b9d89c80-3d88-4311-8365-187323c96436/fire`, {
        authorization: auth,
        'content-type': 'application/json',
      }),
    );
  } finally {
    await stopProcess(service.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [await run('SQLite', 9201, {})];
const server = new URL(mysqlUrl);
const database = `cms_bench_${Date.now().toString(36)}`;
const admin = await createConnection({
  host: server.hostname,
  port: Number(server.port || 3306),
  user: decodeURIComponent(server.username),
  password: decodeURIComponent(server.password),
});
try {
  await admin.query(`CREATE DATABASE \`${database}\``);
  const url = new URL(mysqlUrl);
  url.pathname = `/${database}`;
  results.push(await run('MariaDB', 9202, { CMS_STORAGE_DRIVER: 'mysql', CMS_STORAGE_MYSQL_URL: url.toString() }));
} finally {
  await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
  await admin.end();
}

const markdown = `## Workflow fires: System Workflow Publish on new items

Command: \`npm run bench:fire\` (autocannon, 16 connections, ${process.env.BENCH_SECONDS ?? 10} s each, client and server on the same machine: ${cpus().length} cores, Node ${process.version}). Each request creates an item with three text fields and fires Publish (Save content, Publish content, Unlock content) in one transaction. Recorded ${new Date().toISOString().slice(0, 10)}.

| Storage | fires/s | p50 ms | p99 ms | fires |
|---|---|---|---|---|
${results.map((r) => `| ${r.title} | ${r.requestsPerSecond} | ${r.latencyP50} | ${r.latencyP99} | ${r.total} |`).join('\n')}

Aim: 2,000 fires per second or more on SQLite.`;
recordSection(join(root, 'docs/benchmarks.md'), 'workflow-fire', markdown);
console.log(markdown);
