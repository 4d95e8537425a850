import type Database from 'better-sqlite3';
import { getTableName } from 'drizzle-orm';
import type { NormalisedEvent } from '../../../core/plugin/kit.js';
import { eventColumns } from '../drizzle/analytics-event-columns.js';
import { receivedAtMillis } from '../drizzle/analytics-event-repository.js';
import type { Tables } from '../drizzle/context.js';

/**
 * The analytics ingest's insert on SQLite: one statement prepared once on the writer connection and
 * run once per event, with the values in column order.
 *
 * Why not drizzle's multi-row insert: building a 100-row INSERT through drizzle (2,100 placeholders
 * walked and mapped) cost several times what SQLite then spends storing the rows, and it was the
 * largest part of an ingest worker's time. A prepared statement per row costs SQLite no more than
 * one statement for the batch (no network in between), and the caller runs it inside one
 * transaction, so a batch is still stored whole or not at all.
 */
export function preparedEventInsert(
  connection: Database.Database,
  table: Tables['analyticsEvents'],
): (siteId: string, events: readonly NormalisedEvent[]) => void {
  const columns = eventColumns(table);
  const statement = connection.prepare(
    `INSERT INTO "${getTableName(table)}" (${columns.names.map((name) => `"${name}"`).join(', ')}) ` +
      `VALUES (${columns.names.map(() => '?').join(', ')})`,
  );
  // One array, filled again for each row (better-sqlite3 has read it when run() returns): no object
  // per row. The events of a batch share their instant of receipt, so it is parsed once.
  const values: unknown[] = new Array(columns.names.length);
  return (siteId, events) => {
    let lastReceivedAt = '';
    let millis = 0;
    for (const event of events) {
      if (event.receivedAt !== lastReceivedAt) {
        millis = receivedAtMillis(event.receivedAt);
        lastReceivedAt = event.receivedAt;
      }
      columns.fill(values, siteId, event, millis);
      statement.run(values);
    }
  };
}
