import t from 'tap';
import { JobDispatcher } from '../../../core/jobs/job-dispatcher.js';
import { silentLogger } from '../../../core/logger.js';
import type { Job, JobFailure, Storage } from '../../../core/plugin/storage/index.js';

/** Just the job repository, in memory: claim hands out whatever is queued. */
function fakeStorage(queued: Job[]) {
  const outcomes: Array<{ id: string; done: true } | ({ id: string } & JobFailure)> = [];
  const storage = {
    jobs: {
      claim: async ({ limit, owner }: { limit: number; owner: string }) =>
        queued.splice(0, limit).map((job) => ({ ...job, leaseOwner: owner, attempts: job.attempts + 1 })),
      complete: async (id: string) => void outcomes.push({ id, done: true }),
      fail: async (id: string, _owner: string, failure: JobFailure) => void outcomes.push({ id, ...failure }),
      renew: async () => {},
    },
  } as unknown as Storage;
  return { storage, outcomes };
}

const job = (id: string, kind: string, attempts = 0): Job => ({
  id,
  kind,
  payload: JSON.stringify({ id }),
  idempotencyKey: `key-${id}`,
  status: 'pending',
  attempts,
  maxAttempts: 3,
  nextRunAt: 0,
  leaseOwner: null,
  leaseUntil: null,
  lastError: null,
  createdAt: 0,
  updatedAt: 0,
});

t.test(
  'a run that returns is done; one that throws is due again after the back-off, or dead after the last attempt',
  async (t) => {
    const seen: unknown[] = [];
    const { storage, outcomes } = fakeStorage([
      job('ok', 'works'),
      job('retry', 'fails'),
      job('last', 'fails', 2),
      job('unknown', 'nobody'),
    ]);
    const dispatcher = new JobDispatcher({
      storage,
      handler: (kind) =>
        ({
          works: {
            kind,
            run: async (payload: unknown, ctx: { idempotencyKey: string; attempt: number }) =>
              void seen.push([payload, ctx.idempotencyKey, ctx.attempt]),
          },
          fails: { kind, run: async () => Promise.reject(new Error('refused\n    at secret stack line')) },
        })[kind],
      logger: silentLogger,
      pollMs: 1000,
      concurrency: 10,
      leaseMs: 60_000,
      timeoutMs: 60_000,
      backOff: { baseMs: 100, maxMs: 1000 },
      now: () => 10_000,
      random: () => 1,
    });
    t.equal(await dispatcher.dispatchOnce(), 4);
    await dispatcher.idle();
    t.same(seen, [[{ id: 'ok' }, 'key-ok', 1]], 'the handler got the payload, the key and the attempt');
    const byId = Object.fromEntries(outcomes.map((o) => [o.id, o]));
    t.same(byId.ok, { id: 'ok', done: true });
    t.match(byId.retry, { status: 'pending', nextRunAt: 10_100, lastError: 'refused\n    at secret stack line' });
    t.match(byId.last, { status: 'dead' }, 'the third failed run of three');
    t.match(byId.unknown, { status: 'pending', lastError: 'No handler for jobs of kind nobody' });
  },
);

t.test('a run past the timeout is aborted and counted as failed', async (t) => {
  let aborted = false;
  const { storage, outcomes } = fakeStorage([job('slow', 'slow')]);
  const dispatcher = new JobDispatcher({
    storage,
    handler: (kind) => ({
      kind,
      run: (_payload, { signal }) =>
        new Promise<void>((resolve) => signal.addEventListener('abort', () => ((aborted = true), resolve()))),
    }),
    logger: silentLogger,
    pollMs: 1000,
    concurrency: 1,
    leaseMs: 60_000,
    timeoutMs: 1,
    backOff: { baseMs: 100, maxMs: 1000 },
  });
  await dispatcher.dispatchOnce();
  await dispatcher.idle();
  t.ok(aborted, 'the handler saw its signal aborted');
  t.match(outcomes, [{ id: 'slow', status: 'pending', lastError: /took longer/ }]);
});

t.test('no more jobs are claimed than the concurrency allows', async (t) => {
  const { storage } = fakeStorage([job('a', 'k'), job('b', 'k'), job('c', 'k')]);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const dispatcher = new JobDispatcher({
    storage,
    handler: (kind) => ({ kind, run: () => gate }),
    logger: silentLogger,
    pollMs: 1000,
    concurrency: 2,
    leaseMs: 60_000,
    timeoutMs: 60_000,
    backOff: { baseMs: 100, maxMs: 1000 },
  });
  t.equal(await dispatcher.dispatchOnce(), 2);
  t.equal(await dispatcher.dispatchOnce(), 0, 'full');
  release();
  await dispatcher.idle();
  t.equal(await dispatcher.dispatchOnce(), 1);
  await dispatcher.idle();
});
