// Server memory (RSS) while 1,000 uploads declare 9 MiB, send 1 MiB and stall: half anonymous, half
// signed in; against a bare uWebSockets.js server that reads every body, in one run. Run: npm run bench:uploads
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordSection, startProcess, startService, stopProcess } from './lib.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const password = 'bench-password';
const auth = `Basic ${Buffer.from(`admin@cms.com:${password}`).toString('base64')}`;
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 1000);
const DECLARED = 9 * 1024 * 1024;
const SENT = Buffer.alloc(1024 * 1024, ' ');

const residentMiB = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const settle = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens a connection, sends the head and 1 MiB of the body, and leaves it there; answers the socket and what it read. */
function stall(port, path, authorization) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const state = { socket, status: undefined };
    socket.on('data', (d) => (state.status ??= /^HTTP\/1\.1 (\d{3})/.exec(d.toString('latin1'))?.[1]));
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      const credentials = authorization ? `Authorization: ${authorization}\r\n` : '';
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${credentials}Content-Length: ${DECLARED}\r\n\r\n`,
      );
      socket.write(SENT, () => resolve(state));
    });
  });
}

async function run(title, child, port, path) {
  await settle(500);
  const idle = residentMiB(child.pid);
  const uploads = [];
  for (let i = 0; i < UPLOADS; i++) uploads.push(await stall(port, path, i % 2 === 0 ? undefined : auth));
  await settle(2000);
  const during = residentMiB(child.pid);
  const statuses = {};
  for (const u of uploads) statuses[u.status ?? 'reading'] = (statuses[u.status ?? 'reading'] ?? 0) + 1;
  for (const u of uploads) u.socket.destroy();
  await settle(3000);
  const after = residentMiB(child.pid);
  return { title, idle, during, after, statuses };
}

const bare = await startProcess([join(root, 'bench/bare-uws.mjs'), '9121', 'buffer'], {}, /ready/);
const dataDir = mkdtempSync(join(tmpdir(), 'cms-bench-'));
const service = await startService({
  CMS_DATA_DIR: dataDir,
  PORT: '9122',
  CMS_HTTP_HOST: '127.0.0.1',
  INITIAL_ADMIN_PASSWORD: password,
});
try {
  const warm = await fetch('http://127.0.0.1:9122/api/v1/users/current', { headers: { authorization: auth } });
  if (warm.status !== 200) throw new Error(`sign-in failed: ${warm.status}`);
  const results = [
    await run('bare uWebSockets.js, reading every body', bare.child, 9121, '/upload'),
    await run('the service, POST /api/v1/contenttype', service.child, 9122, '/api/v1/contenttype'),
  ];
  const mib = (n) => Math.round(n);
  const row = (r) =>
    `| ${r.title} | ${mib(r.idle)} | ${mib(r.during)} | ${mib(r.after)} | ${Object.entries(r.statuses)
      .map(([status, n]) => `${n} × ${status}`)
      .join(', ')} |`;
  const [reference, cms] = results;
  const markdown = `## Server memory under ${UPLOADS} stalled uploads

Command: \`npm run bench:uploads\` (${UPLOADS} connections each declare 9 MiB, send 1 MiB and stall; every other one carries valid Basic credentials; default properties: \`http.max.inflight.body.bytes\` 128 MiB, \`http.max.connections\` 1024; client and servers on the same machine: ${cpus().length} cores, Node ${process.version}). Recorded ${new Date().toISOString().slice(0, 10)}.

| Server | RSS idle MiB | RSS during MiB | RSS after close MiB | answers while stalled |
|---|---|---|---|---|
${row(reference)}
${row(cms)}

During the stall the service holds **${mib(cms.during)} MiB** (aim: under 300 MB), ${((cms.during / reference.during) * 100).toFixed(1)}% of what the bare server that reads every body holds. Anonymous uploads are answered 401 before their bodies are read (the rest is dropped as it arrives); signed-in ones are read until the in-flight budget is taken, the rest answered 503 with \`Retry-After\`; "reading" are uploads whose bodies were being read when the stall was measured.`;
  recordSection(join(root, 'docs/benchmarks.md'), 'stalled-uploads', markdown);
  console.log(markdown);
} finally {
  await stopProcess(service.child);
  await stopProcess(bare.child);
  rmSync(dataDir, { recursive: true, force: true });
}
