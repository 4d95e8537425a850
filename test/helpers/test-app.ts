import type { Test } from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type App } from '../../host/app.js';
import type { LogSink } from '../../host/logger.js';
import { createTestDatabase } from './mysql-database.js';

export const ADMIN = { email: 'admin@cms.com', password: 'admin-test-password' };

export interface TestApp {
  app: App;
  url: string;
  dataDir: string;
  /** Every log line the app wrote, parsed. */
  logs: Array<Record<string, unknown>>;
  /** A real HTTP request through the socket. */
  http(
    method: string,
    path: string,
    options?: { headers?: Record<string, string>; body?: unknown; raw?: string | Buffer },
  ): Promise<TestResponse>;
  basicAuth(email?: string, password?: string): Record<string, string>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

export class CapturingSink implements LogSink {
  readonly lines: Array<Record<string, unknown>> = [];
  write(line: string): void {
    for (const l of line.split('\n')) if (l) this.lines.push(JSON.parse(l));
  }
}

export function tempDataDir(t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'cms-test-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Starts the real server on a free port with its own data directory (and, for `mysql`, its own
 * database), and stops it when the test ends. Answers undefined when MySQL was asked for and no
 * server answers (the skip is reported loudly).
 */
export async function startTestApp(
  t: Test,
  options: { env?: Record<string, string>; storage?: 'sqlite' | 'mysql'; dataDir?: string } = {},
): Promise<TestApp | undefined> {
  const dataDir = options.dataDir ?? tempDataDir(t);
  const env: Record<string, string> = {
    CMS_DATA_DIR: dataDir,
    INITIAL_ADMIN_PASSWORD: ADMIN.password,
    CMS_HTTP_HOST: '127.0.0.1',
    ...options.env,
  };
  if (options.storage === 'mysql') {
    const url = await createTestDatabase(t);
    if (!url) return undefined;
    env.CMS_STORAGE_DRIVER = 'mysql';
    env.CMS_STORAGE_MYSQL_URL = url;
  }
  const sink = new CapturingSink();
  const app = await buildApp({ env, cwd: dataDir, logSink: sink });
  const { url } = await app.listen(0);
  t.teardown(() => app.close());
  return {
    app,
    url,
    dataDir,
    logs: sink.lines,
    async http(method, path, { headers = {}, body, raw } = {}) {
      const init: RequestInit = { method, headers: { ...headers } };
      if (raw !== undefined) init.body = raw;
      else if (body !== undefined) {
        init.body = JSON.stringify(body);
        (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
      }
      const response = await fetch(url + path, init);
      const text = await response.text();
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      return { status: response.status, headers: response.headers, text, json };
    },
    basicAuth(email = ADMIN.email, password = ADMIN.password) {
      return { authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` };
    },
  };
}
