import t from 'tap';
import { availableParallelism } from 'node:os';
import { ingestWorkerCount } from '../../../host/analytics/ingest-pool.js';

t.test('analytics.workers 0: one per CPU, but one where storage takes one writer at a time', async (t) => {
  t.equal(ingestWorkerCount(0, {}), availableParallelism());
  t.equal(ingestWorkerCount(0, { singleWriter: false }), availableParallelism());
  t.equal(ingestWorkerCount(0, { singleWriter: true }), 1);
});

t.test('a configured number of workers is taken as it is, on any storage', async (t) => {
  t.equal(ingestWorkerCount(3, { singleWriter: true }), 3);
  t.equal(ingestWorkerCount(2, {}), 2);
});
