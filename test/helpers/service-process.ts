import type { Test } from 'tap';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { serviceEntry } from './source-entry.js';
import { within } from './wait-async.js';

const MAIN = serviceEntry('host/main');

/**
 * The service as `npm start` runs it, in a process of its own (for what an in-process app cannot
 * show: a kill, the server's own memory); answers its address once it listens. Killed when the test ends.
 */
export async function startService(
  t: Test,
  env: Record<string, string>,
  password: string,
  entry: readonly string[] = MAIN,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, entry, {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      CMS_HTTP_HOST: '127.0.0.1',
      INITIAL_ADMIN_PASSWORD: password,
      // As startTestApp: the cheapest accepted scrypt cost (each start hashes twice).
      CMS_AUTH_PASSWORD_HASH_COST: '1024',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  t.teardown(() => void child.kill('SIGKILL'));
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const found = /"url":"(http:\/\/[^"]+)"/.exec(out);
      if (found) resolve(found[1]!);
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code} before listening`)));
  });
  child.stdout!.resume();
  return { child, url };
}

/**
 * `host/main` in a process of its own with exactly `env` (and PATH), its output collected: for
 * what only a process shows (exit codes, what reaches standard error, signals).
 */
export function runMain(env: Record<string, string>, options: { cwd?: string } = {}) {
  const child = spawn(process.execPath, MAIN, {
    env: { PATH: process.env.PATH ?? '', ...env },
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  /** Resolves once standard output matches `pattern`; fails if the process exits first, or after the wait bound. */
  const printed = (pattern: RegExp, what: string) =>
    within(
      new Promise<void>((resolve, reject) => {
        const look = () => {
          if (!pattern.test(out)) return;
          child.stdout.off('data', look);
          resolve();
        };
        // After the collector above: `out` has the chunk.
        child.stdout.on('data', look);
        void exited.then((code) => reject(new Error(`exited with ${code} before printing ${what}: ${err}`)));
        look();
      }),
      { what },
    );
  return { child, exited, printed, output: () => out, errors: () => err };
}

/** A process's resident memory in MiB, as the kernel counts it. */
export function residentMiB(pid: number): number {
  const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (kib === undefined) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kib) / 1024;
}

/** REST calls as the administrator to a service started with `startService`, answering status and JSON. */
export function adminCaller(url: string, password: string) {
  const authorization = `Basic ${Buffer.from(`admin@cms.com:${password}`).toString('base64')}`;
  return async (method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> => {
    const answer = await fetch(url + path, {
      method,
      headers: { authorization, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: answer.status, json: await answer.json() };
  };
}
