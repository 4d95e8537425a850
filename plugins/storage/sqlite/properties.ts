import { defineProperties } from '../../../core/plugin/kit.js';

export const SQLITE_PROPERTIES = defineProperties({
  'storage.sqlite.file': {
    default: 'cms.db',
    group: 'Storage',
    description:
      'SQLite database file, relative to the data directory. WAL journal, durable commits. Analytics events go to a file of their own beside it (`cms.db` → `cms-analytics.db`).',
  },
  'storage.sqlite.busy.timeout.ms': {
    type: 'int',
    default: 5000,
    min: 0,
    max: 60000,
    group: 'Storage',
    description:
      "Longest wait for a lock another process holds on the database file (SQLite's `busy_timeout`); past it the request is answered 503 (`STORAGE_BUSY`). A write waits between turns of the event loop, so other requests are answered meanwhile; migrations at start wait in SQLite itself.",
  },
});
