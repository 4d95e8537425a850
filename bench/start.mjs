// How soon the service answers after it is started, and how much memory it holds idle: the first
// start on an empty data directory (migrations, seeding, the administrator's password hashed), then
// restarts on it, each timed from the spawn to the start-up line (written once it listens); the
// resident memory of an idle service a few seconds after one request. Run: npm run bench:start.
//
// BENCH_SERVICE names the entry point (default: this checkout's bundle, dist/bundle/host/main.js);
// BENCH_SERVICE_B another (say the unbundled dist/host/main.js, or an older build's), measured in
// turn with the first so that both see the same machine.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './guard-figures.mjs';
import { stopProcess } from './lib.mjs';

const RESTARTS = Number(process.env.BENCH_START_RESTARTS ?? 7);
const IDLE_MS = 3000;
const builds = [
  process.env.BENCH_SERVICE ?? fileURLToPath(new URL('../dist/bundle/host/main.js', import.meta.url)),
  process.env.BENCH_SERVICE_B,
].filter(Boolean);

/** Starts `main` on `dataDir`; answers the child, its address and the milliseconds to the start-up line. */
function start(main, dataDir) {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'reflect-metadata', main], {
    env: {
      ...process.env,
      CMS_DATA_DIR: dataDir,
      PORT: '0',
      CMS_HTTP_HOST: '127.0.0.1',
      INITIAL_ADMIN_PASSWORD: 'bench-password',
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const found = /"url":"(http[^"]+)"/.exec(out);
      if (found) {
        child.stdout.removeAllListeners('data');
        child.stdout.resume();
        resolve({ child, url: found[1], ms: performance.now() - started });
      }
    });
    child.on('exit', (code) => reject(new Error(`${main} exited with ${code} before listening:\n${out}`)));
  });
}

const residentMiB = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

// BENCH_DATA_DIR: restarts on that data directory, kept (one loaded by `BENCH_DATA_DIR=... npm run
// bench:search`, say): start-up with content. Its administrator's password must be bench-password.
const keptDir = process.env.BENCH_DATA_DIR;

async function measureBuild(main) {
  const dataDir = keptDir ?? mkdtempSync(join(tmpdir(), 'cms-bench-start-'));
  const first = await start(main, dataDir);
  await stopProcess(first.child);
  const restarts = [];
  let idle;
  for (let run = 0; run < RESTARTS; run++) {
    const started = await start(main, dataDir);
    restarts.push(started.ms);
    if (run === RESTARTS - 1) {
      await fetch(`${started.url}/api/v1/users/current`).then((response) => response.arrayBuffer());
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
      idle = residentMiB(started.child.pid);
    }
    await stopProcess(started.child);
  }
  if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
  return { first: first.ms, restart: median(restarts), restarts, idle };
}

const loadBefore = loadavg()[0];
const rows = [];
for (const main of builds) rows.push({ main, ...(await measureBuild(main)) });
console.log('| Build | first start ms | restart ms (median) | restarts ms | idle RSS MiB |');
console.log('|---|---|---|---|---|');
for (const row of rows)
  console.log(
    `| \`${row.main}\` | ${row.first.toFixed(0)} | ${row.restart.toFixed(0)} | ${row.restarts.map((ms) => ms.toFixed(0)).join(', ')} | ${row.idle.toFixed(0)} |`,
  );
console.log(`\nLoad ${loadBefore.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after; Node ${process.version}.`);
