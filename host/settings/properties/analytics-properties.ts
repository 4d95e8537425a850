import { defineProperties } from '../../../core/config/properties.js';

/** The ingest of analytics events: its workers, queue, batch size and retention. */
export const ANALYTICS_PROPERTIES = defineProperties({
  'analytics.workers': {
    type: 'int',
    default: 0,
    min: 0,
    max: 64,
    group: 'Analytics',
    defaultText: '`0` (one per CPU; one on SQLite)',
    description:
      'Worker threads that parse, check and store analytics ingest batches, each with its own storage connection; the thread answering requests never parses a batch. `0`: one per CPU, except on SQLite, whose file takes one writer at a time: there more workers only wait for each other.',
  },
  'analytics.workers.nice': {
    type: 'int',
    default: 10,
    min: 0,
    max: 19,
    group: 'Analytics',
    description:
      'Nice levels the ingest workers run below the thread that answers requests (Linux, where each thread has its own priority; elsewhere ignored). When the CPU is short, requests go first and batches wait (or get 503); `0`: the same priority, as fast as the CPU allows.',
  },
  'analytics.queue.size': {
    type: 'int',
    default: 1000,
    min: 1,
    group: 'Analytics',
    description:
      'Ingest batches that may wait for a worker, beyond the 16 each worker takes at a time. When that many wait, a batch is answered 503 with `Retry-After` instead of growing the queue without limit.',
  },
  'analytics.max.batch.events': {
    type: 'int',
    default: 500,
    min: 1,
    max: 10_000,
    group: 'Analytics',
    description: 'Events one ingest batch may hold; a larger batch is refused whole (413).',
  },
  'analytics.retention.days': {
    type: 'int',
    default: 0,
    min: 0,
    max: 36_500,
    group: 'Analytics',
    description:
      'Events received more than this many days ago are deleted by the retention sweep, of every site, a thousand at a time so that ingest goes on meanwhile. `0`: events are kept forever.',
  },
  'analytics.retention.sweep.seconds': {
    type: 'int',
    default: 86_400,
    min: 1,
    group: 'Analytics',
    description:
      'How often the retention sweep runs (daily by default); the first sweep comes a minute after start, or sooner when this is shorter. Only with `analytics.retention.days` above 0.',
  },
});
