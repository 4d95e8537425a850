import t from 'tap';
import { getTableColumns, getTableName, type InferSelectModel, type Table } from 'drizzle-orm';
import * as mysql from '../../plugins/storage/mysql/schema/index.js';
import * as sqliteMain from '../../plugins/storage/sqlite/schema/index.js';
import * as sqliteAnalytics from '../../plugins/storage/sqlite/analytics-schema.js';
import { compareSchemas, declaredShape } from '../helpers/schema-shape.js';

/** SQLite keeps analytics in a file of its own: its two schema modules together are MySQL's one. */
const sqlite = { ...sqliteMain, ...sqliteAnalytics };

/** Compile-time: the shared repository code is typed against SQLite's rows, so MySQL's must be the same. */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type AllSame = {
  [K in keyof typeof sqlite & keyof typeof mysql]: Same<
    InferSelectModel<(typeof sqlite)[K]>,
    InferSelectModel<(typeof mysql)[K]>
  >;
};
const rowTypesMatch: AllSame = {
  users: true,
  roles: true,
  userRoles: true,
  sessions: true,
  issuedTokens: true,
  userMessages: true,
  systemEvents: true,
  sites: true,
  siteVariables: true,
  languages: true,
  settings: true,
  contentTypes: true,
  contentTypeWorkflows: true,
  fields: true,
  fieldVariables: true,
  contentIdentifiers: true,
  menuLinks: true,
  folders: true,
  contentVersions: true,
  contentStates: true,
  contentUniqueValues: true,
  categories: true,
  workflowSchemes: true,
  workflowSteps: true,
  workflowActions: true,
  workflowStepActions: true,
  workflowActionlets: true,
  workflowSystemActions: true,
  workflowTasks: true,
  workflowHistory: true,
  permissionAssets: true,
  permissionGrants: true,
  searchIndexQueue: true,
  jobs: true,
  pushEnvironments: true,
  pushEndpoints: true,
  pushRecords: true,
  analyticsSiteKeys: true,
  analyticsEvents: true,
};

t.test('both dialects declare the same tables with the same columns', async (t) => {
  t.ok(rowTypesMatch);
  t.same(Object.keys(mysql).sort(), Object.keys(sqlite).sort());
  for (const name of Object.keys(sqlite) as Array<keyof typeof sqlite>) {
    const a = sqlite[name] as Table;
    const b = mysql[name] as unknown as Table;
    t.equal(getTableName(a), getTableName(b), `${name}: table name`);
    const shape = (table: Table) =>
      Object.fromEntries(
        Object.entries(getTableColumns(table)).map(([key, c]) => [
          key,
          { column: c.name, dataType: c.dataType, notNull: c.notNull, primary: c.primary },
        ]),
      );
    t.same(shape(b), shape(a), `${name}: columns`);
  }
});

// The keys decide answers: a unique key missing on one dialect lets a duplicate in there that the
// other answers 409, and a foreign key missing lets a row outlive what it belongs to. The migrated
// databases are compared too, in migrated-schema-shape.test.ts (that one needs a database server).
t.test('both dialects declare the same primary keys, indexes, unique keys and foreign keys', async (t) => {
  compareSchemas(
    t,
    { label: 'the SQLite declaration', shape: declaredShape([sqliteMain, sqliteAnalytics]) },
    { label: 'the MySQL declaration', shape: declaredShape([mysql]) },
    { types: false, foreignKeyNames: false },
  );
});
