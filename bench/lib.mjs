// Shared pieces of the benchmarks: start a process, wait for a line, run autocannon, record results.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

/** Replaces the section between `<!-- name -->` and `<!-- /name -->` in docs/benchmarks.md. */
export function recordSection(file, name, markdown) {
  const start = `<!-- ${name} -->`;
  const end = `<!-- /${name} -->`;
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const block = `${start}\n${markdown.trim()}\n${end}`;
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

/**
 * autocannon options that PUT a fire to `url`, each connection with a `Bench` item of its own
 * (`Item <n>`); `body` adds to the fire's body (an assignee, say).
 */
export function newItemFires(url, headers, body = {}) {
  let n = 0;
  return {
    url,
    method: 'PUT',
    headers,
    connections: 16,
    setupClient: (client) =>
      client.setBody(
        JSON.stringify({
          contentletFormData: {
            contentType: 'Bench',
            title: `Item ${n++}`,
            author: 'Bench',
            body: 'Three text fields',
          },
          ...body,
        }),
      ),
  };
}

/** The built service (`npm run build`), started with `env` and answered once it writes its address. */
export function startService(env) {
  const main = fileURLToPath(new URL('../dist/host/main.js', import.meta.url));
  return startProcess(['--import', 'reflect-metadata', main], env, /"url":"(http[^"]+)"/);
}
