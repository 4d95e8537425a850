import type { Logger } from '../../core/logger.js';
import type { Storage } from '../../core/plugin/storage/index.js';
import type { SystemEventBus } from '../../core/events/system-event-bus.js';
import { SystemEventRelay } from '../../core/events/system-event-relay.js';
import type { Lifecycle } from '../startup/lifecycle.js';
import { runPeriodically } from '../jobs/periodic-task.js';

/** Journal rows are kept this long: far longer than any process's poll, short enough to stay small. */
const JOURNAL_RETENTION_MS = 60_000;
/** A sequence number still missing after this belonged to a transaction that rolled back. */
const GAP_WAIT_MS = 10_000;

/**
 * Delivers, in this process, the system events other processes sharing the database raised
 * (`system.events.poll.ms`; 0: none, the journal is not written either).
 */
export async function startEventRelay(parts: {
  storage: Storage;
  bus: SystemEventBus;
  pollMs: number;
  lifecycle: Lifecycle;
  logger: Logger;
}): Promise<void> {
  if (parts.pollMs <= 0) return;
  const relay = new SystemEventRelay({
    storage: parts.storage,
    bus: parts.bus,
    retentionMs: JOURNAL_RETENTION_MS,
    gapWaitMs: GAP_WAIT_MS,
  });
  await relay.start();
  const task = runPeriodically({
    everyMs: parts.pollMs,
    work: () => relay.poll(),
    onError: (err) => parts.logger.error({ err }, 'system events of other processes not read'),
  });
  parts.lifecycle.onStop('system-events-relay', () => task.stop());
}
