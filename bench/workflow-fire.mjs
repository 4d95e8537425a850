// Fires per second of the System Workflow's Publish on new items (contentletFormData with three
// text fields), on SQLite and, when a server answers, on MariaDB, with the CPU time each fire cost
// the service. Run: npm run bench:fire
// MariaDB is read from CMS_TEST_MYSQL_URL (default mysql://root@127.0.0.1:3306/test); a fresh
// database is created for the run and dropped after it.
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  MYSQL_URL,
  createBenchType,
  mysqlServer,
  recordSection,
  startBenchService,
  withScratchDatabase,
} from './lib.mjs';
import { publishFiresWithCpu } from './publish-fires.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

async function run(label, port, env) {
  const service = await startBenchService({ port, env });
  try {
    await createBenchType(service.call);
    return await publishFiresWithCpu(service, `Publish on new items (${label})`);
  } finally {
    await service.stop();
  }
}

const results = [await run('SQLite', 9201, {})];
const admin = await mysqlServer(MYSQL_URL);
if (admin) {
  try {
    results.push(
      await withScratchDatabase(admin, MYSQL_URL, (url) =>
        run('MariaDB', 9202, { CMS_STORAGE_DRIVER: 'mysql', CMS_STORAGE_MYSQL_URL: url }),
      ),
    );
  } finally {
    await admin.end();
  }
}

const cpuMs = (r) => (r.cpuPerFire === undefined ? 'n/a' : (r.cpuPerFire * 1000).toFixed(2));
const markdown = `## Workflow fires: System Workflow Publish on new items

Command: \`npm run bench:fire\` (autocannon, 16 connections, ${process.env.BENCH_SECONDS ?? 10} s each, client and server on the same machine: ${cpus().length} cores, Node ${process.version}). Each request creates an item with three text fields and fires Publish (Save content, Publish content, Unlock content) in one transaction. Recorded ${new Date().toISOString().slice(0, 10)}.

| Storage | fires/s | p50 ms | p99 ms | fires | CPU ms per fire | index up to date (s after the last answer) |
|---|---|---|---|---|---|---|
${results.map((r) => `| ${r.title} | ${r.requestsPerSecond} | ${r.latencyP50} | ${r.latencyP99} | ${r.total} | ${cpuMs(r)} | ${r.indexLag.toFixed(1)} |`).join('\n')}

"CPU ms per fire" is the CPU time of the service's process (all its threads: the answering thread, the indexing worker, the database driver's) from the first fire until the search index held every item, divided by the fires: it depends far less than the rate on what else the machine runs (MariaDB's own CPU is not in it). Aims (issue 32): 3,000 fires per second or more on SQLite and 1,500 on MariaDB, the index up to date within 1 s.`;
recordSection(join(root, 'docs/benchmarks.md'), 'workflow-fire', markdown);
console.log(markdown);
