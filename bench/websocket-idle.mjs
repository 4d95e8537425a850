// Server memory (RSS) per idle system-events websocket: 1,000 signed-in sockets opened and held.
// Run: npm run bench:websocket
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { recordSection, startService, stopProcess } from './lib.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const password = 'bench-password';
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const PORT = 9131;
const EVENTS_URL = `ws://127.0.0.1:${PORT}/api/ws/v1/system/events`;

const residentKiB = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
const settle = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function open(cookie) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(EVENTS_URL, { headers: { cookie }, perMessageDeflate: false });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** Opens `count` sockets, a few at a time (as browsers arriving, not one burst). */
async function openMany(count, cookie) {
  const sockets = [];
  for (let i = 0; i < count; i += 50)
    sockets.push(...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, () => open(cookie)))));
  return sockets;
}

async function closeAll(sockets) {
  await Promise.all(sockets.map((ws) => new Promise((resolve) => (ws.once('close', resolve), ws.close()))));
}

const dataDir = mkdtempSync(join(tmpdir(), 'cms-bench-'));
const service = await startService({
  CMS_DATA_DIR: dataDir,
  PORT: String(PORT),
  CMS_HTTP_HOST: '127.0.0.1',
  INITIAL_ADMIN_PASSWORD: password,
});
try {
  const login = await fetch(`http://127.0.0.1:${PORT}/api/v1/authentication`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: 'admin@cms.com', password }),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
  const cookie = login.headers.get('set-cookie').split(';')[0];
  // A first round warms what every upgrade uses once (code paths, caches), so that it is not counted per socket.
  await closeAll(await openMany(100, cookie));
  await settle(2000);
  const before = residentKiB(service.child.pid);
  const started = Date.now();
  const sockets = await openMany(SOCKETS, cookie);
  const openMs = Date.now() - started;
  await settle(3000);
  const held = residentKiB(service.child.pid);
  const load = loadavg()[0].toFixed(2);
  await closeAll(sockets);
  await settle(2000);
  const after = residentKiB(service.child.pid);
  const perSocket = (held - before) / SOCKETS;
  const mib = (kib) => (kib / 1024).toFixed(1);
  const markdown = `## Server memory per idle websocket

Command: \`npm run bench:websocket\` (${SOCKETS} sockets of \`/api/ws/v1/system/events\`, signed in with one session cookie, opened 50 at a time after a warm-up round of 100, then held idle for 3 s; default properties, ping-pong off; client and server on the same machine: ${cpus().length} cores, Node ${process.version}, load average ${load} while held). Recorded ${new Date().toISOString().slice(0, 10)}.

| RSS before MiB | RSS with ${SOCKETS} sockets MiB | RSS after close MiB | KB per socket | opened in ms |
|---|---|---|---|---|
| ${mib(before)} | ${mib(held)} | ${mib(after)} | **${perSocket.toFixed(1)}** | ${openMs} |

Aim: under 20 KB of server memory per idle socket. A socket holds uWebSockets.js's own state, the
caller (user, roles, the credential headers checked again when access changes) and a flag for
ping-pong; no timer of its own (one interval pings every socket). RSS is a coarse measure: the
JavaScript heap may hold part of the new objects in space it had already reserved, so a single run
can read low; the machine was shared with other work (see the load average).`;
  recordSection(join(root, 'docs/benchmarks.md'), 'websocket-idle', markdown);
  console.log(markdown);
} finally {
  await stopProcess(service.child);
  rmSync(dataDir, { recursive: true, force: true });
}
