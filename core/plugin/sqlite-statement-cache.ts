/** What `cacheStatements` uses of a statement: better-sqlite3's `Statement`. */
export interface CacheableStatement {
  /** Whether it answers rows (only those have output modes). */
  readonly reader: boolean;
  /** Whether an `iterate()` of it is under way: it cannot run again until that ends. */
  readonly busy: boolean;
  raw(toggle?: boolean): unknown;
  pluck(toggle?: boolean): unknown;
  expand(toggle?: boolean): unknown;
}

/**
 * Makes `prepare` of a better-sqlite3 connection answer a statement it compiled before for the same
 * SQL, instead of having SQLite compile it again: for a plugin that builds its SQL per call (drizzle
 * does for every query, a search engine for every search), compiling was a large part of each call.
 *
 * A statement comes back as `prepare` makes one: its output mode reset (`raw`, `pluck` and `expand`
 * off), since one caller's mode must not leak into the next. One still being iterated is not
 * shared: `prepare` then compiles a statement of its own. The cache keeps the `capacity` statements
 * used last. Statements belong to their connection: each connection needs its own cache.
 */
export function cacheStatements<S extends CacheableStatement>(
  connection: { prepare(source: string): S },
  capacity = 500,
): void {
  const prepare = connection.prepare.bind(connection) as (source: string, ...internal: unknown[]) => S;
  const cache = new Map<string, S>();
  connection.prepare = (source: string, ...internal: unknown[]): S => {
    // better-sqlite3's own helpers (pragma) pass extra arguments: those go straight through.
    if (internal.length > 0) return prepare(source, ...internal);
    const cached = cache.get(source);
    if (cached && !cached.busy) {
      // Used last now: moved to the end of the map's order, the last to be dropped.
      cache.delete(source);
      cache.set(source, cached);
      if (cached.reader) {
        cached.raw(false);
        cached.pluck(false);
        cached.expand(false);
      }
      return cached;
    }
    const statement = prepare(source);
    if (cached) return statement;
    if (cache.size >= capacity) cache.delete(cache.keys().next().value!);
    cache.set(source, statement);
    return statement;
  };
}
