import type Database from 'better-sqlite3';
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { NormalisedEvent } from '../../../core/analytics/normalised-event.js';
import { receivedAtMillis } from '../drizzle/analytics-event-repository.js';
import type { Tables } from '../drizzle/context.js';

/**
 * The analytics ingest's insert on SQLite: one statement prepared once on the writer connection and
 * run once per event, with the values in column order.
 *
 * Why not drizzle's multi-row insert, as on MySQL: building a 100-row INSERT through drizzle (2,100
 * placeholders walked and mapped) cost several times what SQLite then spends storing the rows, and
 * it was the largest part of an ingest worker's time. A prepared statement per row costs SQLite no
 * more than one statement for the batch (no network in between), and the caller runs it inside one
 * transaction, so a batch is still stored whole or not at all.
 */
export function preparedEventInsert(
  connection: Database.Database,
  table: Tables['analyticsEvents'],
): (siteId: string, events: readonly NormalisedEvent[]) => void {
  // Every column but the generated id, named as the schema names them; the site and the instant of
  // receipt are the two whose value is not the event's member as it is.
  const columns = Object.entries(getTableColumns(table)).filter(([property]) => property !== 'id');
  const members = columns.map(([property]) => property as keyof NormalisedEvent | 'siteId');
  const siteAt = members.indexOf('siteId');
  const receivedAt = members.indexOf('receivedAt');
  const statement = connection.prepare(
    `INSERT INTO "${getTableName(table)}" (${columns.map(([, column]) => `"${column.name}"`).join(', ')}) ` +
      `VALUES (${columns.map(() => '?').join(', ')})`,
  );
  // One array, filled again for each row (better-sqlite3 has read it when run() returns): no object
  // per row. The events of a batch share their instant of receipt, so it is parsed once.
  const values: unknown[] = new Array(members.length);
  return (siteId, events) => {
    let lastReceivedAt = '';
    let millis = 0;
    for (const event of events) {
      for (let i = 0; i < members.length; i++) values[i] = event[members[i] as keyof NormalisedEvent];
      if (event.receivedAt !== lastReceivedAt) {
        millis = receivedAtMillis(event.receivedAt);
        lastReceivedAt = event.receivedAt;
      }
      values[siteAt] = siteId;
      values[receivedAt] = millis;
      statement.run(values);
    }
  };
}
