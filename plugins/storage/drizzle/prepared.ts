import { getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { MySqlDatabase } from 'drizzle-orm/mysql-core';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db, Dialect } from './context.js';

/** What both dialects' prepared queries offer: run with the placeholder values. */
interface PreparedQuery {
  execute(values?: Record<string, unknown>): unknown;
}

/** A MySQL prepared query: its SQL text, and the pool or connection it runs on (drizzle's own field). */
interface MysqlPreparedQuery extends PreparedQuery {
  client: unknown;
}

const byConnection = new WeakMap<object, Map<string, PreparedQuery>>();

/**
 * Runs a query that is built once, with placeholders, and afterwards only filled in. Building SQL
 * through drizzle costs far more than running it on SQLite, and on MySQL a fire's share of it was
 * as much as its statements' round trips, so the statements of every save and fire are written
 * this way. `name` identifies the query's shape.
 *
 * A SQLite query holds a statement compiled on one connection, so it is kept per connection (they
 * live as long as the process). A MySQL query holds only SQL text and the connection it runs on,
 * and each transaction is a new drizzle object on a connection of its own: the query is kept per
 * database (its transactions share the database's dialect object) and run on the caller's
 * connection.
 */
export async function runPrepared<T = unknown>(
  db: Db,
  name: string,
  build: () => { prepare(): PreparedQuery },
  values: Record<string, unknown>,
): Promise<T> {
  const mysql = is(db, MySqlDatabase) ? (db as unknown as MySqlDatabase<never, never>) : undefined;
  const owner: object = mysql ? (mysql as unknown as { dialect: object }).dialect : db;
  let queries = byConnection.get(owner);
  if (!queries) byConnection.set(owner, (queries = new Map()));
  let query = queries.get(name);
  if (!query) queries.set(name, (query = build().prepare()));
  if (mysql) {
    const client = (mysql as unknown as { session: { client: unknown } }).session.client;
    const shared = query as MysqlPreparedQuery;
    if (shared.client !== client) query = Object.create(shared, { client: { value: client } }) as PreparedQuery;
  }
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
