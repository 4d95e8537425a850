import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db, Dialect } from './context.js';

/** What both dialects' prepared queries offer: run with the placeholder values. */
interface PreparedQuery {
  execute(values?: Record<string, unknown>): unknown;
}

const byConnection = new WeakMap<object, Map<string, PreparedQuery>>();

/**
 * Runs a query that is built once per drizzle database object, with placeholders, and afterwards
 * only filled in. Building SQL through drizzle costs far more than running it on SQLite, so the
 * statements of every save and fire are written this way. `name` identifies the query's shape.
 * SQLite's connections live as long as the process, so each query is built once; a MySQL
 * transaction is a new object each time, so there the query is built once per transaction.
 */
export async function runPrepared<T = unknown>(
  db: Db,
  name: string,
  build: () => { prepare(): PreparedQuery },
  values: Record<string, unknown>,
): Promise<T> {
  let queries = byConnection.get(db);
  if (!queries) byConnection.set(db, (queries = new Map()));
  let query = queries.get(name);
  if (!query) queries.set(name, (query = build().prepare()));
  return (await query.execute(values)) as T;
}

/** A placeholder per column of the table, named after the column's property: the values of a prepared insert. */
export function columnPlaceholders(table: SQLiteTable): Record<string, ReturnType<typeof sql.placeholder>> {
  return Object.fromEntries(
    Object.keys(getTableColumns(table)).map((property) => [property, sql.placeholder(property)]),
  );
}

/** A prepared insert of a whole row (every column given, null where empty). */
export async function insertRow(db: Db, table: SQLiteTable, row: Record<string, unknown>): Promise<void> {
  await runPrepared(
    db,
    `insert:${getTableName(table)}`,
    () => db.insert(table).values(columnPlaceholders(table) as never),
    row,
  );
}

/** A prepared upsert of a whole row: inserted, or written over the row with the same `key`. */
export async function upsertRow(
  { db, dialect }: { db: Db; dialect: Dialect },
  table: SQLiteTable,
  key: SQLiteColumn[],
  row: Record<string, unknown>,
): Promise<void> {
  await runPrepared(
    db,
    `upsert:${getTableName(table)}`,
    () => {
      const values = columnPlaceholders(table);
      return dialect.upsertQuery(db, { table, key, values, set: nonKeyValues(table, key, values) });
    },
    row,
  );
}

/** The columns an upsert overwrites: every value except the key's. */
function nonKeyValues(
  table: SQLiteTable,
  key: SQLiteColumn[],
  values: Record<string, unknown>,
): Record<string, unknown> {
  const columns = table as unknown as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(values).filter(([property]) => !key.includes(columns[property] as SQLiteColumn)),
  );
}
