import { count, eq, sql } from 'drizzle-orm';
import type { AnalyticsSiteKey, AnalyticsSiteKeyRepository } from '../../../core/plugin/kit.js';
import type { Executor, Tables } from './context.js';
import { runPrepared } from './prepared.js';

export function analyticsSiteKeyRepository(exec: Executor, t: Tables): AnalyticsSiteKeyRepository {
  const table = t.analyticsSiteKeys;
  return {
    find: (siteId) =>
      exec.read(async (db) => (await db.select().from(table).where(eq(table.siteId, siteId)).limit(1))[0]),
    // Every ingested batch asks this once: prepared, since building the query cost more than running it.
    findByHash: (keyHash) =>
      exec.read(
        async (db) =>
          (
            await runPrepared<AnalyticsSiteKey[]>(
              db,
              'analyticsSiteKeys.findByHash',
              () =>
                db
                  .select()
                  .from(table)
                  .where(eq(table.keyHash, sql.placeholder('keyHash')))
                  .limit(1),
              { keyHash },
            )
          )[0],
      ),
    // NOTE: not an upsert: MySQL's ON DUPLICATE KEY UPDATE also fires on the unique hash, and would
    // silently rewrite the other site's row instead of refusing the duplicate.
    replace: (key) =>
      exec.write(async (db) => {
        await db.delete(table).where(eq(table.siteId, key.siteId));
        await db.insert(table).values(key);
      }),
    count: () => exec.read(async (db) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0),
  };
}
