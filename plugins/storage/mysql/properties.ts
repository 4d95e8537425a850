import { defineProperties } from '../../../core/plugin/kit.js';

export const MYSQL_PROPERTIES = defineProperties({
  'storage.mysql.url': {
    group: 'Storage',
    // The URL may carry a password: a refused value is never quoted.
    secret: true,
    validate: (v) => (/^mysql:\/\//.test(v) ? undefined : 'must start with mysql://'),
    description:
      'Connection URL for `storage.driver=mysql`, which needs it: `mysql://user:password@host:3306/database` (characters other than letters and digits in the password percent-encoded). Its password is masked wherever the URL is shown.',
  },
  'storage.mysql.pool.size': {
    type: 'int',
    default: 10,
    min: 1,
    group: 'Storage',
    description: 'Connections in the MySQL pool of each process.',
  },
  'storage.mysql.pool.queue.limit': {
    type: 'int',
    default: 1000,
    min: 1,
    group: 'Storage',
    description:
      'Requests that may wait for a free connection; more are answered 503 (`STORAGE_UNAVAILABLE`, `Retry-After`).',
  },
  'storage.mysql.query.timeout.ms': {
    type: 'int',
    default: 30000,
    min: 100,
    max: 3600000,
    group: 'Storage',
    description:
      'Longest wait for the database to answer one statement, counting the wait for a free connection and for opening one. A statement that outlasts it is answered 503 (`STORAGE_TIMEOUT`, or `STORAGE_OUTCOME_UNKNOWN` when it was a commit or another write that may have been applied) and its connection is closed, so a stalled network cannot hold requests for as long as it lasts. Keep it above `storage.mysql.lock.wait.seconds` and above the slowest query expected; migrations at start are not bound by it.',
  },
  'storage.mysql.lock.wait.seconds': {
    type: 'int',
    default: 10,
    min: 1,
    max: 3600,
    group: 'Storage',
    description:
      "Longest wait for a row lock (`innodb_lock_wait_timeout` of each connection). A transaction that waits longer, or is chosen as a deadlock's victim, runs once more; a second conflict is answered 503 (`STORAGE_BUSY`).",
  },
});
