// Shared pieces of the benchmarks: start a process, wait for a line, run autocannon, record results.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import autocannon from 'autocannon';

export function startProcess(args, env, readyPattern) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let buffered = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      buffered += chunk;
      const match = readyPattern.exec(buffered);
      if (match) {
        // Keep draining stdout (the access log) so the child never blocks on a full pipe.
        child.stdout.off('data', onData);
        child.stdout.resume();
        resolve({ child, match });
      }
    };
    child.stdout.on('data', onData);
    child.on('exit', (code) => reject(new Error(`process exited with ${code} before it was ready`)));
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
