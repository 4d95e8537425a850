import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { buildApp } from '../../host/app.js';
import type { LogSink } from '../../host/logger.js';

/**
 * Where templates are kept: the run's folder when `npm test` made one (shared by every test process
 * of the run), else a folder of this process's own, removed when it exits.
 */
function templatesRoot(): string {
  const run = process.env.CMS_TEST_RUN_DIR;
  if (run) {
    const dir = join(run, 'data-dir-templates');
    mkdirSync(dir, { recursive: true });
    return dir;
  }
  const own = mkdtempSync(join(tmpdir(), 'cms-test-templates-'));
  process.once('exit', () => rmSync(own, { recursive: true, force: true }));
  return own;
}

let root: string | undefined;
const ready = new Map<string, Promise<string>>();

const discard: LogSink = { write: () => {} };

/**
 * A data directory as a first start with `env` leaves it: migrated and seeded. Every app a run
 * builds used to migrate and seed its own (a hundred DDL statements and a durable commit each);
 * now the first app of a configuration builds a template, and the others copy its files, which
 * is what a restart on that directory would find. The template is built in a folder of its own
 * and renamed into place, so a process never copies a half-built one.
 */
export async function copyTemplateInto(env: Record<string, string>, dataDir: string): Promise<void> {
  const key = createHash('sha256')
    .update(JSON.stringify(Object.entries(env).sort()))
    .digest('hex')
    .slice(0, 20);
  let template = ready.get(key);
  if (!template) {
    template = buildTemplate(key, env);
    ready.set(key, template);
  }
  cpSync(await template, dataDir, { recursive: true });
}

async function buildTemplate(key: string, env: Record<string, string>): Promise<string> {
  root ??= templatesRoot();
  const target = join(root, key);
  if (existsSync(target)) return target;
  const building = join(root, `${key}.${process.pid}.${randomBytes(4).toString('hex')}`);
  mkdirSync(building);
  const app = await buildApp({ env: { ...env, CMS_DATA_DIR: building }, cwd: building, logSink: discard });
  await app.close();
  forgetIndexLocation(join(building, 'cms.db'));
  // Spooled uploads belong to a process; the copy makes its own.
  rmSync(join(building, 'tmp'), { recursive: true, force: true });
  try {
    renameSync(building, target);
  } catch {
    // Another process of the run placed the same template first: theirs is as good.
    rmSync(building, { recursive: true, force: true });
  }
  return target;
}

/**
 * The database records where the search index of the last process lived (host/search/search-upkeep.ts),
 * and refuses a process that keeps it elsewhere while that one may still run. A copy is another
 * installation: it starts as a database no index has claimed yet, as the template itself did.
 */
function forgetIndexLocation(file: string): void {
  const db = new Database(file);
  try {
    db.prepare(`DELETE FROM settings WHERE setting_key IN ('search.index.location', 'search.index.seen')`).run();
  } finally {
    db.close();
  }
}

/**
 * Whether an app may start from a template: SQLite in its own new directory, and a configuration
 * that names nothing outside it (a template built with an outside path would share that path).
 */
export function templateApplies(env: Record<string, string>): boolean {
  return !Object.values(env).some((value) => value.includes('/') || value.includes('\\'));
}
