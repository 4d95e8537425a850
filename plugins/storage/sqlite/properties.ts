import { defineProperties } from '../../../core/config/properties.js';

export const SQLITE_PROPERTIES = defineProperties({
  'storage.sqlite.file': {
    default: 'cms.db',
    group: 'Storage',
    description: 'SQLite database file, relative to the data directory. WAL journal, durable commits.',
  },
});
