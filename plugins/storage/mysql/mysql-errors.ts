import type { StorageFailure } from '../../../core/plugin/kit.js';
import { QueryTimeoutError } from './query-deadline.js';

/** Error numbers of MySQL and MariaDB this service tells apart. */
const ER_DUP_ENTRY = 1062;
const ER_NO_REFERENCED_ROW = [1216, 1452];
const ER_ROW_IS_REFERENCED = [1217, 1451];
const ER_DATA_TOO_LONG = 1406;
const ER_WARN_DATA_OUT_OF_RANGE = 1264;
const ER_LOCK_WAIT_TIMEOUT = 1205;
const ER_LOCK_DEADLOCK = 1213;
/** Too many connections, server shutting down, server gone or lost (client-side numbers). */
const SERVER_GONE = [1040, 1053, 2002, 2003, 2006, 2013];

/** Codes of mysql2 and Node's sockets that mean the database cannot be reached right now. */
const UNREACHABLE_CODES = new Set([
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);

/** mysql2's words when its pool has no connection to give (they carry no code). */
const POOL_EXHAUSTED = /^(No connections available|Queue limit reached)/;

/** Reads what a mysql2 error means from its number, code and message. */
export function classifyMysqlError(error: unknown): StorageFailure | undefined {
  const { errno, code, message, fatal } = error as {
    errno?: unknown;
    code?: unknown;
    message?: unknown;
    fatal?: unknown;
  };
  const text = typeof message === 'string' ? message : '';
  if (error instanceof QueryTimeoutError) return { kind: error.outcomeUnknown ? 'outcome_unknown' : 'timeout' };
  if (errno === ER_DUP_ENTRY || code === 'ER_DUP_ENTRY') return { kind: 'unique' };
  if (typeof errno === 'number' && ER_NO_REFERENCED_ROW.includes(errno)) {
    // "... FOREIGN KEY (`content_type_id`) REFERENCES `content_types` (`id`) ..."
    const found = /FOREIGN KEY \(`([^`]+)`\) REFERENCES `([^`]+)`/.exec(text);
    return { kind: 'reference', column: found?.[1], table: found?.[2] };
  }
  if (typeof errno === 'number' && ER_ROW_IS_REFERENCED.includes(errno)) {
    // "... a foreign key constraint fails (`db`.`fields`, CONSTRAINT ..."
    return { kind: 'referenced', table: /fails \(`[^`]+`\.`([^`]+)`/.exec(text)?.[1] };
  }
  if (errno === ER_DATA_TOO_LONG) return { kind: 'too_long', column: /for column '([^']+)'/.exec(text)?.[1] };
  if (errno === ER_WARN_DATA_OUT_OF_RANGE) {
    return { kind: 'out_of_range', column: /for column '([^']+)'/.exec(text)?.[1] };
  }
  if (errno === ER_LOCK_WAIT_TIMEOUT || errno === ER_LOCK_DEADLOCK) return { kind: 'busy' };
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return { kind: 'unavailable' };
  if (typeof errno === 'number' && SERVER_GONE.includes(errno)) return { kind: 'unavailable' };
  if (POOL_EXHAUSTED.test(text)) return { kind: 'unavailable' };
  // A fatal error ends its connection; the pool drops it and opens another when asked.
  if (fatal === true) return { kind: 'unavailable' };
  return undefined;
}
