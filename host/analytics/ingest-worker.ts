// A worker thread of the analytics ingest pool (see ingest-pool.ts): it opens storage as the service
// is configured, and parses, checks and stores the batches it is given. The thread that answers
// requests only hands over the bytes and writes back the answer.
import { openWorkerStorage, type WorkerStartData } from '../workers/worker-storage.js';
import { workerData } from 'node:worker_threads';
import { parseIngestBatch } from '../../core/analytics/parse-ingest-batch.js';
import { batchProblem, IngestErrors } from '../../core/analytics/ingest-problem.js';
import { verifySiteAuth } from '../../core/analytics/verify-site-auth.js';
import type { Storage } from '../../core/plugin/storage/index.js';
import { ingestAnswer, type IngestAnswer } from './ingest-answer.js';
import { lowerThreadPriority } from '../workers/thread-priority.js';

export type IngestWorkerData = WorkerStartData;

/** One batch: the body as it came, and when it came (epoch ms; the session key's UTC date). */
export interface IngestTask {
  body: Uint8Array;
  receivedAt: number;
}

let opened: Promise<{ storage: Storage; maxEvents: number }> | undefined;

async function open(data: IngestWorkerData): Promise<{ storage: Storage; maxEvents: number }> {
  const { settings, storage } = await openWorkerStorage(data, 'analytics-ingest-worker');
  // Under a flood of batches the workers would otherwise take as much CPU as the thread that
  // answers requests, and every other request (sign-ins, content reads) would slow down with them;
  // lowered, they use the CPU that thread leaves, and batches wait longer (or get 503) instead.
  if (settings.analytics.workerNice > 0) lowerThreadPriority(settings.analytics.workerNice);
  return { storage, maxEvents: settings.analytics.maxBatchEvents };
}

/**
 * Parses and checks the batch, checks its site key (never cached: a replaced key fails at once),
 * stores the good events in one insert, and answers as the tracker expects. The answer comes after
 * the insert has committed, so an acknowledged event is stored.
 */
export default async function ingest(task: IngestTask): Promise<IngestAnswer> {
  opened ??= open(workerData as IngestWorkerData);
  const { storage, maxEvents } = await opened;
  const outcome = parseIngestBatch(task.body, { maxEvents, receivedAt: new Date(task.receivedAt) });
  if (outcome.kind === 'rejected') return ingestAnswer(outcome);
  const site = await verifySiteAuth(storage.analyticsSiteKeys, outcome.siteAuth);
  if (!site) {
    return ingestAnswer({
      kind: 'rejected',
      reason: 'invalid',
      errors: [batchProblem(IngestErrors.INVALID_SITE_AUTH, 'context.site_auth')],
    });
  }
  if (outcome.good.length > 0) await storage.analyticsEvents.insert(site.siteId, outcome.good);
  return ingestAnswer(outcome);
}
