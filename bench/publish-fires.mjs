// Publish fires on new `Bench` items (newItemFires, 16 connections) with what they cost the service:
// its CPU time, all threads together, from the first fire until the search index holds every item
// fired. The index is written after the answer, by a worker thread, so a fire's cost includes it.
import { ADMIN_JSON, PUBLISH_ACTION, measure, newItemFires } from './lib.mjs';
import { withProcessCpu } from './proc-cpu.mjs';
import { indexedCount, waitIndexed } from './search-corpus.mjs';

/**
 * Fires on `service` (startBenchService's, with the type `Bench`) for measure's `load` options (a
 * duration, or an `amount` of fires). Answers measure's figures with `cpuPerFire` (seconds, undefined
 * without /proc) and `indexLag`, the seconds from the last answer until every item was searchable.
 */
export async function publishFiresWithCpu(service, title, load = {}) {
  const url = `${service.base}/api/v1/workflow/actions/${PUBLISH_ACTION}/fire`;
  const before = await indexedCount(service.call);
  let answered = 0;
  const { result, cpuSeconds } = await withProcessCpu(service.child.pid, async () => {
    const fired = await measure(title, { ...newItemFires(url, ADMIN_JSON), ...load });
    answered = performance.now();
    await waitIndexed(service.call, before + fired.total);
    return fired;
  });
  return {
    ...result,
    cpuPerFire: cpuSeconds === undefined ? undefined : cpuSeconds / result.total,
    indexLag: (performance.now() - answered) / 1000,
  };
}
