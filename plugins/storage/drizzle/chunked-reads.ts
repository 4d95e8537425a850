/**
 * Keys bound in one `IN (...)` list at most: far below SQLite's limit of bound parameters (32,766)
 * and MySQL's packet size, and large enough that an indexing batch is one statement.
 */
const CHUNK = 500;

/**
 * Reads rows for any number of keys, a statement per `CHUNK` keys, keys repeated only once. The
 * batch reads of the repositories (a batch being indexed) go through it.
 */
export async function readInChunks<K, R>(keys: readonly K[], read: (chunk: K[]) => Promise<R[]>): Promise<R[]> {
  const unique = [...new Set(keys)];
  const rows: R[] = [];
  for (let start = 0; start < unique.length; start += CHUNK)
    rows.push(...(await read(unique.slice(start, start + CHUNK))));
  return rows;
}
