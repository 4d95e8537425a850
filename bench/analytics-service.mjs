// What the analytics benchmarks do to a running service: its keys, an ingest run with the CPU the
// service spent on it, the events it stored, and what of an acknowledged run went missing.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runIngestLoad } from './analytics-load.mjs';
import { ADMIN_JSON, createApiKey } from './lib.mjs';
import { cpuBetween, sampleCpu } from './proc-cpu.mjs';

const INGEST = '/api/v1/analytics/content/event';

/** The site key of the default site and an API key of the administrator, at `base`. */
export async function analyticsCredentials(base) {
  const headers = { authorization: ADMIN_JSON.authorization };
  const sites = (await (await fetch(`${base}/api/v1/site`, { headers })).json()).entity;
  const site = sites.find((s) => s.siteName !== 'System Host');
  const generated = await fetch(`${base}/api/v1/analytics/content/siteauth/generate/${site.identifier}`, { headers });
  if (generated.status !== 200) throw new Error(`site key: ${generated.status} ${await generated.text()}`);
  return { siteAuth: await generated.text(), apiKey: await createApiKey(base, headers) };
}

/** One batch, answered: the ingest pool starts its workers with the first, which a sustained run should not pay for. */
export async function warmUpIngest(base, body) {
  const answer = await fetch(base + INGEST, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  if (answer.status !== 200) throw new Error(`warm-up batch: ${answer.status} ${await answer.text()}`);
}

/**
 * The ingest load (runIngestLoad) with the CPU of the service's process `pid` sampled over its
 * posting window (cpuBetween's cores); refuses a run with connection errors or timeouts.
 */
export async function ingestWithCpu({ base, pid, bodies, connections, seconds }) {
  let before;
  let after;
  const result = await runIngestLoad({ base, bodies, connections, seconds }, (edge) => {
    if (edge === 'start') before = sampleCpu(pid);
    else after = sampleCpu(pid);
  });
  if (result.errors > 0) throw new Error(`ingest: ${result.errors} connection errors or timeouts`);
  return { ...result, cpu: cpuBetween(before, after) };
}

/** The events stored in a SQLite data directory, read with a connection of the bench's own. */
export function countSqliteEvents(dataDir) {
  const db = new Database(join(dataDir, 'cms-analytics.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT count(*) AS n FROM analytics_events').get().n;
  } finally {
    db.close();
  }
}

/** What went wrong in an ingest run that `stored` events came of: none when every batch was answered, 200 or 503, and exactly the events acknowledged were stored. */
export function ingestProblems(run, stored) {
  const { counts } = run;
  const found = [];
  if (counts.sent !== counts.answered) found.push(`${counts.sent - counts.answered} batches unanswered at the end`);
  if (counts.unexpected.length > 0) found.push(`answers other than 200/503: ${counts.unexpected.join(' | ')}`);
  if (stored !== counts.acknowledged) found.push(`${counts.acknowledged} events acknowledged, ${stored} stored`);
  return found;
}

/** Events acknowledged per second of a run. */
export const eventsPerSecond = (run) => run.counts.acknowledged / run.seconds;

/**
 * Events acknowledged per second of the service's CPU (all its threads) over a run: what the ingest
 * costs, whatever else the machine runs. Undefined without /proc.
 */
export const eventsPerCpuSecond = (run) => (run.cpu ? eventsPerSecond(run) / run.cpu.processCores : undefined);
