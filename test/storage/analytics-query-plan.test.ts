import t, { type Test } from 'tap';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { fileURLToPath } from 'node:url';
import type { AnalyticsEventFilter, AnalyticsEventRange } from '../../core/model/analytics-event.js';
import { analyticsEventRepository } from '../../plugins/storage/drizzle/analytics-event-repository.js';
import type { Db } from '../../plugins/storage/drizzle/context.js';
import * as analyticsSchema from '../../plugins/storage/sqlite/analytics-schema.js';
import { applyMigrations } from '../../plugins/storage/sqlite/migrate-file.js';
import * as mainSchema from '../../plugins/storage/sqlite/schema/index.js';

const MIGRATIONS = fileURLToPath(new URL('../../plugins/storage/sqlite/analytics-migrations', import.meta.url));

/**
 * The analytics repository over a file migrated as the SQLite driver migrates it, recording the
 * statements it prepares, with SQLite's plan of each. The table is empty and has no statistics:
 * the plans are the ones SQLite chooses before ANALYZE, as on a new installation.
 */
function recordedRepository(t: Test) {
  const client = new Database(':memory:');
  t.teardown(() => client.close());
  applyMigrations(client, MIGRATIONS);
  const prepare = client.prepare.bind(client);
  let statements: string[] = [];
  client.prepare = ((source: string) => {
    statements.push(source);
    return prepare(source);
  }) as typeof client.prepare;
  const db = drizzle({ client }) as unknown as Db;
  const repository = analyticsEventRepository(
    { read: (work) => work(db), write: (work) => work(db) },
    { ...mainSchema, ...analyticsSchema },
  );
  /** The plan of every statement `call` prepared: one line per step. */
  const plans = async (call: () => Promise<unknown>): Promise<Array<{ sql: string; plan: string[] }>> => {
    statements = [];
    await call();
    return statements.map((sql) => {
      // Every value is bound (only the day length is inlined): unbound parameters plan as NULL.
      const parameters = Array.from({ length: sql.split('?').length - 1 }, () => null);
      const rows = prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...parameters) as Array<{ detail: string }>;
      return { sql, plan: rows.map((row) => row.detail) };
    });
  };
  return { repository, plans };
}

const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);
const RANGES: Array<[string, Omit<AnalyticsEventRange, 'siteId'>]> = [
  ['everything', {}],
  ['from and to', { from: day('2025-06-01'), to: day('2025-06-08') }],
  ['from only', { from: day('2025-06-01') }],
  ['to only', { to: day('2025-06-08') }],
];
const FILTERS: Array<[string, Partial<AnalyticsEventFilter>]> = [
  ['no filter', {}],
  ['an event type', { eventType: 'pageview' }],
  ['a session', { sessionId: 'session-1' }],
  ['a visitor', { userId: 'user-1' }],
  ['a visitor and an event type', { userId: 'user-1', eventType: 'conversion' }],
];

/** What every statement reading the events must do: find the site's rows through an index that starts with the site. */
function assertIndexed(t: Test, what: string, statements: Array<{ sql: string; plan: string[] }>) {
  const reads = statements.filter(({ sql }) => sql.includes('"analytics_events"'));
  t.ok(reads.length > 0, `${what}: reads the events`);
  for (const { sql, plan } of reads) {
    const steps = plan.join(' | ');
    t.notOk(
      plan.some((step) => /^SCAN analytics_events\b/.test(step)),
      `${what}: no full scan of analytics_events (${steps}) in ${sql}`,
    );
    t.ok(
      plan.some((step) =>
        /^SEARCH analytics_events USING (COVERING )?INDEX analytics_events_site_\w+ \(site_id=\?/.test(step),
      ),
      `${what}: an index on the site (${steps})`,
    );
  }
}

t.test('the list: each filter and range reads through an index on the site, newest first without a sort', async (t) => {
  const { repository, plans } = recordedRepository(t);
  for (const [rangeName, range] of RANGES) {
    for (const [filterName, filter] of FILTERS) {
      const what = `list, ${filterName}, ${rangeName}`;
      const statements = await plans(() =>
        repository.list({ siteId: 'site-1', limit: 100, offset: 200, ...range, ...filter }),
      );
      assertIndexed(t, what, statements);
      const page = statements.find(({ sql }) => /order by/i.test(sql));
      t.ok(page, `${what}: the page query`);
      t.notOk(
        page?.plan.some((step) => step.includes('TEMP B-TREE FOR ORDER BY')),
        `${what}: newest first is the index's order, not a sort of the matches (${page?.plan.join(' | ')})`,
      );
    }
  }
});

t.test('the summary: every figure reads through an index on the site', async (t) => {
  const { repository, plans } = recordedRepository(t);
  for (const [rangeName, range] of RANGES) {
    const statements = await plans(() => repository.summary({ siteId: 'site-1', ...range }));
    t.equal(statements.length, 8, 'one statement per figure');
    assertIndexed(t, `summary, ${rangeName}`, statements);
  }
});
