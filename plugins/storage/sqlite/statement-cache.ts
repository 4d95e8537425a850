import type Database from 'better-sqlite3';

/**
 * Makes `prepare` answer a cached statement for SQL it has seen. Drizzle prepares every query it
 * runs, and SQLite compiling the same few dozen statements again and again was the largest single
 * cost of a workflow fire. Statements are reused only on their own connection, and better-sqlite3
 * runs each one to completion before returning, so sharing them is safe.
 */
export function cacheStatements(connection: Database.Database, capacity = 500): void {
  const prepare = connection.prepare.bind(connection);
  const cache = new Map<string, Database.Statement>();
  connection.prepare = ((source: string, ...internal: unknown[]) => {
    // better-sqlite3's own helpers (pragma) pass extra arguments: those go straight through.
    if (internal.length > 0) return (prepare as (...args: unknown[]) => Database.Statement)(source, ...internal);
    let statement = cache.get(source);
    if (statement) {
      // Drizzle switches select statements to raw (array) rows for some calls and not others.
      if (statement.reader) statement.raw(false);
      return statement;
    }
    statement = prepare(source);
    if (cache.size >= capacity) cache.delete(cache.keys().next().value!);
    cache.set(source, statement);
    return statement;
  }) as typeof connection.prepare;
}
