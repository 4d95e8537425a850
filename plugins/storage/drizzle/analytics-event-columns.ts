import { getTableColumns } from 'drizzle-orm';
import type { NormalisedEvent } from '../../../core/plugin/kit.js';
import type { Tables } from './context.js';

/** The columns of an analytics event row, for inserts written without drizzle's query builder. */
export interface EventColumns {
  /** Every column but the generated id, as the table names them, in the order of the values. */
  names: string[];
  /** Writes the row of `event` into `values`, in the order of `names`. */
  fill(values: unknown[], siteId: string, event: NormalisedEvent, receivedAtMillis: number): void;
}

/**
 * The columns of the events table, read from its schema so that a column added there is inserted
 * too. Each is an event's member of the same name, except the site and the instant of receipt
 * (epoch milliseconds in the row, ISO 8601 in the event).
 */
export function eventColumns(table: Tables['analyticsEvents']): EventColumns {
  const columns = Object.entries(getTableColumns(table)).filter(([property]) => property !== 'id');
  const members = columns.map(([property]) => property as keyof NormalisedEvent | 'siteId');
  const siteAt = members.indexOf('siteId');
  const receivedAt = members.indexOf('receivedAt');
  return {
    names: columns.map(([, column]) => column.name),
    fill(values, siteId, event, receivedAtMillis) {
      for (let i = 0; i < members.length; i++) values[i] = event[members[i] as keyof NormalisedEvent];
      values[siteAt] = siteId;
      values[receivedAt] = receivedAtMillis;
    },
  };
}
