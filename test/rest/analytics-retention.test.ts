import type { NormalisedEvent } from '../../core/analytics/normalised-event.js';
import { sweepExpiredEvents } from '../../core/analytics/retention-sweep.js';
import type { AnalyticsEventRepository, Storage } from '../../core/plugin/storage/index.js';
import { normalisedEvent } from '../../core/plugin/testing/index.js';
import { testOnSqlite, type TestApp } from '../helpers/test-app.js';
import { waitUntil } from '../helpers/wait-async.js';

const DAY_MS = 86_400_000;

/** `count` pageviews received `daysAgo` days ago (a second apart, so their order is known). */
function events(count: number, daysAgo: number, now: number): NormalisedEvent[] {
  return Array.from({ length: count }, (_, i) =>
    normalisedEvent({
      sessionId: 's1',
      receivedAt: new Date(now - daysAgo * DAY_MS + i * 1000).toISOString(),
      pageUrl: `/page-${i}`,
    }),
  );
}

const storageOf = (s: TestApp): Storage => s.app.services.storage;
const total = async (repo: AnalyticsEventRepository, siteId: string) =>
  (await repo.list({ siteId, limit: 1, offset: 0 })).total;

/** The repository, counting the calls of deleteBefore (the chunks): real storage underneath. */
function countingDeletes(repo: AnalyticsEventRepository): { repo: AnalyticsEventRepository; chunks: () => number } {
  let chunks = 0;
  return {
    repo: {
      ...repo,
      deleteBefore: (cutoff, limit) => {
        chunks++;
        return repo.deleteBefore(cutoff, limit);
      },
    },
    chunks: () => chunks,
  };
}

testOnSqlite(
  'the retention sweep deletes what is older than analytics.retention.days, of every site, and keeps the rest',
  async (t, s) => {
    const repo = storageOf(s).analyticsEvents;
    const now = Date.now();
    await repo.insert('site-a', [...events(1500, 40, now), ...events(3, 29, now)]);
    await repo.insert('site-b', events(600, 31, now));
    // The sweep runs a second after start (CMS_ANALYTICS_RETENTION_SWEEP_SECONDS=1), then every second;
    // each logs what it deleted once its deletions are done: waited for until they add up.
    const sweptLines = () => s.logs.filter((line) => line.msg === 'analytics events past their retention deleted');
    const loggedDeleted = () => sweptLines().reduce((sum, line) => sum + (line.deleted as number), 0);
    await waitUntil(() => loggedDeleted() >= 2100, { what: () => `2100 deletions logged (${loggedDeleted()} so far)` });
    t.equal(await total(repo, 'site-a'), 3, 'site a keeps the events of the last 30 days');
    t.equal(await total(repo, 'site-b'), 0, 'site b had none');
    t.equal(loggedDeleted(), 2100, 'each deletion is logged with its count');
  },
  { env: { CMS_ANALYTICS_RETENTION_DAYS: '30', CMS_ANALYTICS_RETENTION_SWEEP_SECONDS: '1' } },
);

testOnSqlite('a sweep deletes in chunks, oldest first, and stops between chunks when asked', async (t, s) => {
  const now = Date.now();
  const real = storageOf(s).analyticsEvents;
  await real.insert('site-a', [...events(25, 10, now), ...events(2, 1, now)]);

  t.equal(await sweepExpiredEvents(real, { retentionDays: 0, now }), 0, '0 days keeps everything');
  t.equal(await total(real, 'site-a'), 27);

  const stopping = new AbortController();
  const first = countingDeletes(real);
  const stopAfterTwo: AnalyticsEventRepository = {
    ...first.repo,
    deleteBefore: async (cutoff, limit) => {
      const n = await first.repo.deleteBefore(cutoff, limit);
      if (first.chunks() === 2) stopping.abort();
      return n;
    },
  };
  t.equal(await sweepExpiredEvents(stopAfterTwo, { retentionDays: 5, now, chunkSize: 4, signal: stopping.signal }), 8);
  const left = (await real.list({ siteId: 'site-a', limit: 100, offset: 0 })).events;
  t.equal(left.length, 19, 'stopped after two chunks');
  t.equal(left.at(-1)?.pageUrl, '/page-8', 'the oldest went first');

  const counted = countingDeletes(real);
  t.equal(await sweepExpiredEvents(counted.repo, { retentionDays: 5, now, chunkSize: 4 }), 17);
  t.equal(counted.chunks(), 5, 'four full chunks and a short last one');
  t.equal(await total(real, 'site-a'), 2, 'the recent events stay');
});
