// The shape of a database schema (columns, primary key, indexes, unique keys, foreign keys), read
// from the drizzle declarations or from a migrated database, and compared table by table.
//
// Shapes are compared by what they mean, not by how each dialect spells them: a unique key is its
// column list whichever way it was declared (a unique index, a UNIQUE constraint, `.unique()` on a
// column), and a foreign key is its columns, the referenced table and columns and its actions. Index
// names are compared too, as a second step: both dialects name every index alike on purpose.
// Foreign key names are not: SQLite keeps none, and MySQL's are named by hand where drizzle's
// generated name passes its 64-character limit.
import type { Test } from 'tap';
import type Database from 'better-sqlite3';
import type { Connection } from 'mysql2/promise';
import { getTableName, is, Table, type Column } from 'drizzle-orm';
import { getTableConfig as sqliteTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { getTableConfig as mysqlTableConfig, MySqlTable } from 'drizzle-orm/mysql-core';

export interface ColumnShape {
  /** The dialect's SQL type, normalised (see `mysqlColumnType`); compared only within one dialect. */
  type: string;
  notNull: boolean;
  autoIncrement: boolean;
}

export interface IndexShape {
  unique: boolean;
  /** In index order; a MySQL prefix length shows as `column(length)`. */
  columns: string[];
  name: string;
}

export interface ForeignKeyShape {
  columns: string[];
  table: string;
  foreignColumns: string[];
  onDelete: string;
  onUpdate: string;
  name?: string;
}

export interface TableShape {
  columns: Record<string, ColumnShape>;
  primaryKey: string[];
  indexes: IndexShape[];
  foreignKeys: ForeignKeyShape[];
}

/** Table name → shape. */
export type SchemaShape = Record<string, TableShape>;

/** Drizzle's journal of applied migrations: in every migrated database, declared in no schema. */
export const MIGRATIONS_JOURNAL = '__drizzle_migrations';

/** Drizzle leaves an action it was not given out of the DDL; both dialects then take NO ACTION. */
const action = (value: string | undefined) => (value ?? 'no action').toLowerCase();

const list = (columns: string[]) => `(${columns.join(', ')})`;

export const indexKey = (index: Pick<IndexShape, 'unique' | 'columns'>) =>
  `${index.unique ? 'unique key' : 'index'} ${list(index.columns)}`;

export const foreignKeyKey = (fk: ForeignKeyShape) =>
  `foreign key ${list(fk.columns)} references ${fk.table} ${list(fk.foreignColumns)} on delete ${fk.onDelete} on update ${fk.onUpdate}`;

function columnKey(name: string, column: ColumnShape, withType: boolean): string {
  const type = withType ? ` ${column.type}` : '';
  return `column ${name}${type}${column.notNull ? ' not null' : ' null'}${column.autoIncrement ? ' autoincrement' : ''}`;
}

/** A column of an index or key: drizzle also accepts SQL expressions there, which no schema here uses. */
function columnName(column: unknown, where: string): string {
  if (column && typeof column === 'object' && 'name' in column && typeof column.name === 'string') return column.name;
  throw new Error(`${where}: an expression, not a column (the shape comparison reads columns only)`);
}

/** The shape of drizzle table declarations (a schema module's exports; anything but tables is ignored). */
export function declaredShape(modules: Array<Record<string, unknown>>): SchemaShape {
  const shape: SchemaShape = {};
  for (const module of modules)
    for (const value of Object.values(module)) {
      if (!is(value, Table)) continue;
      const name = getTableName(value);
      if (shape[name]) throw new Error(`table ${name} is declared twice`);
      shape[name] = declaredTable(value);
    }
  return shape;
}

function declaredTable(table: Table): TableShape {
  const config = is(table, SQLiteTable)
    ? sqliteTableConfig(table)
    : is(table, MySqlTable)
      ? mysqlTableConfig(table)
      : undefined;
  if (!config) throw new Error(`${getTableName(table)}: neither a SQLite nor a MySQL table`);
  const where = config.name;
  const columns: TableShape['columns'] = {};
  for (const column of config.columns as Column[]) {
    columns[column.name] = {
      type: column.getSQLType().toLowerCase(),
      notNull: column.notNull,
      // SQLite's integer keeps it in its config, MySQL's numeric columns as a property.
      autoIncrement: Boolean((column as unknown as { autoIncrement?: boolean }).autoIncrement),
    };
  }
  const primaryColumns = (config.columns as Column[]).filter((c) => c.primary).map((c) => c.name);
  const composite = config.primaryKeys.map((pk) => pk.columns.map((c) => c.name));
  if (composite.length + (primaryColumns.length > 0 ? 1 : 0) > 1) throw new Error(`${where}: two primary keys`);
  const indexes: IndexShape[] = [
    ...config.indexes.map((index) => ({
      unique: Boolean(index.config.unique),
      columns: index.config.columns.map((c) => columnName(c, `${where}.${index.config.name}`)),
      name: index.config.name,
      partial: (index.config as { where?: unknown }).where !== undefined,
    })),
    ...config.uniqueConstraints.map((unique) => ({
      unique: true,
      columns: unique.columns.map((c) => c.name),
      name: unique.getName() ?? '',
      partial: false,
    })),
    ...(config.columns as Column[])
      .filter((c) => c.isUnique)
      .map((c) => ({ unique: true, columns: [c.name], name: c.uniqueName ?? '', partial: false })),
  ].map(({ partial, ...index }) => {
    if (partial) throw new Error(`${where}.${index.name}: a partial index (the shape comparison has no WHERE)`);
    return index;
  });
  const foreignKeys = config.foreignKeys.map((fk) => {
    const reference = fk.reference();
    return {
      columns: reference.columns.map((c) => c.name),
      table: getTableName(reference.foreignTable),
      foreignColumns: reference.foreignColumns.map((c) => c.name),
      onDelete: action(fk.onDelete),
      onUpdate: action(fk.onUpdate),
      name: fk.getName(),
    };
  });
  return { columns, primaryKey: composite[0] ?? primaryColumns, indexes, foreignKeys };
}

interface SqliteIndexRow {
  name: string;
  unique: number;
  /** `c` CREATE INDEX, `u` a UNIQUE constraint, `pk` the primary key. */
  origin: string;
  partial: number;
}

/**
 * The shape of migrated SQLite databases (the main file and the analytics file together). SQLite's
 * own tables (`sqlite_sequence`) and drizzle's journal are not part of the schema. The index SQLite
 * makes for a primary key that is not the rowid (`sqlite_autoindex_*`, origin `pk`) is read as the
 * primary key, which is compared as such.
 */
export function migratedSqliteShape(databases: Database.Database[]): SchemaShape {
  const shape: SchemaShape = {};
  for (const db of databases) {
    const tables = db
      .prepare(
        `SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name <> ? ORDER BY name`,
      )
      .all(MIGRATIONS_JOURNAL) as Array<{ name: string; sql: string }>;
    for (const { name, sql } of tables) {
      if (shape[name]) throw new Error(`table ${name} is in two of the SQLite files`);
      const quoted = JSON.stringify(name);
      const info = db.pragma(`table_info(${quoted})`) as Array<{
        name: string;
        type: string;
        notnull: number;
        pk: number;
      }>;
      const columns: TableShape['columns'] = {};
      for (const column of info) {
        columns[column.name] = {
          type: column.type.toLowerCase(),
          // A column of the primary key is NOT NULL whether or not the DDL says so (drizzle says so).
          notNull: column.notnull === 1,
          // Only an INTEGER PRIMARY KEY column can be AUTOINCREMENT, so the word in the DDL is that column's.
          autoIncrement: column.pk === 1 && info.filter((c) => c.pk > 0).length === 1 && /\bAUTOINCREMENT\b/i.test(sql),
        };
      }
      const primaryKey = info
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name);
      const indexes: IndexShape[] = [];
      for (const index of db.pragma(`index_list(${quoted})`) as SqliteIndexRow[]) {
        if (index.origin === 'pk') continue;
        if (index.partial)
          throw new Error(`${name}.${index.name}: a partial index (the shape comparison has no WHERE)`);
        const parts = (db.pragma(`index_info(${JSON.stringify(index.name)})`) as Array<{ seqno: number; name: string }>)
          .sort((a, b) => a.seqno - b.seqno)
          .map((part) => columnName(part, `${name}.${index.name}`));
        indexes.push({ unique: index.unique === 1, columns: parts, name: index.name });
      }
      const rows = db.pragma(`foreign_key_list(${quoted})`) as Array<{
        id: number;
        seq: number;
        table: string;
        from: string;
        to: string | null;
        on_update: string;
        on_delete: string;
      }>;
      const foreignKeys: ForeignKeyShape[] = [];
      for (const id of [...new Set(rows.map((r) => r.id))]) {
        const parts = rows.filter((r) => r.id === id).sort((a, b) => a.seq - b.seq);
        if (parts.some((p) => p.to === null)) throw new Error(`${name}: a foreign key that names no column`);
        foreignKeys.push({
          columns: parts.map((p) => p.from),
          table: parts[0]!.table,
          foreignColumns: parts.map((p) => p.to!),
          onDelete: action(parts[0]!.on_delete),
          onUpdate: action(parts[0]!.on_update),
        });
      }
      shape[name] = { columns, primaryKey, indexes, foreignKeys };
    }
  }
  return shape;
}

/**
 * MySQL's column type as drizzle writes it: the server adds display widths to integers (MariaDB,
 * MySQL 5) and stores BOOLEAN as TINYINT(1).
 */
export function mysqlColumnType(type: string): string {
  const lower = type.toLowerCase();
  if (lower === 'tinyint(1)') return 'boolean';
  return lower.replace(/^(tinyint|smallint|mediumint|int|bigint)\(\d+\)/, '$1');
}

/** The shape of the migrated MariaDB/MySQL database `schema`, from information_schema. */
export async function migratedMysqlShape(connection: Connection, schema: string): Promise<SchemaShape> {
  const query = async <T>(sql: string) => ((await connection.query(sql, [schema])) as unknown as [T[]])[0];
  const tables = await query<{ name: string }>(
    `SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE'`,
  );
  const shape: SchemaShape = {};
  for (const { name } of tables)
    if (name !== MIGRATIONS_JOURNAL) shape[name] = { columns: {}, primaryKey: [], indexes: [], foreignKeys: [] };
  const columns = await query<{ table: string; name: string; type: string; nullable: string; extra: string }>(
    `SELECT TABLE_NAME AS \`table\`, COLUMN_NAME AS name, COLUMN_TYPE AS type, IS_NULLABLE AS nullable, EXTRA AS extra
       FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME, ORDINAL_POSITION`,
  );
  for (const column of columns) {
    const table = shape[column.table];
    if (!table) continue;
    table.columns[column.name] = {
      type: mysqlColumnType(column.type),
      notNull: column.nullable === 'NO',
      autoIncrement: /\bauto_increment\b/i.test(column.extra),
    };
  }
  const parts = await query<{ table: string; index: string; nonUnique: number; column: string; prefix: number | null }>(
    `SELECT TABLE_NAME AS \`table\`, INDEX_NAME AS \`index\`, NON_UNIQUE AS nonUnique, COLUMN_NAME AS \`column\`,
            SUB_PART AS prefix
       FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX`,
  );
  for (const part of parts) {
    const table = shape[part.table];
    if (!table) continue;
    const column = part.prefix === null ? part.column : `${part.column}(${part.prefix})`;
    if (part.index === 'PRIMARY') {
      table.primaryKey.push(column);
      continue;
    }
    let index = table.indexes.find((i) => i.name === part.index);
    if (!index) table.indexes.push((index = { unique: Number(part.nonUnique) === 0, columns: [], name: part.index }));
    index.columns.push(column);
  }
  const references = await query<{
    table: string;
    name: string;
    column: string;
    foreignTable: string;
    foreignColumn: string;
    onDelete: string;
    onUpdate: string;
  }>(
    `SELECT k.TABLE_NAME AS \`table\`, k.CONSTRAINT_NAME AS name, k.COLUMN_NAME AS \`column\`,
            k.REFERENCED_TABLE_NAME AS foreignTable, k.REFERENCED_COLUMN_NAME AS foreignColumn,
            r.DELETE_RULE AS onDelete, r.UPDATE_RULE AS onUpdate
       FROM information_schema.KEY_COLUMN_USAGE k
       JOIN information_schema.REFERENTIAL_CONSTRAINTS r
         ON r.CONSTRAINT_SCHEMA = k.CONSTRAINT_SCHEMA AND r.TABLE_NAME = k.TABLE_NAME
        AND r.CONSTRAINT_NAME = k.CONSTRAINT_NAME
      WHERE k.TABLE_SCHEMA = ? AND k.REFERENCED_TABLE_NAME IS NOT NULL
      ORDER BY k.TABLE_NAME, k.CONSTRAINT_NAME, k.ORDINAL_POSITION`,
  );
  for (const part of references) {
    const table = shape[part.table];
    if (!table) continue;
    let fk = table.foreignKeys.find((f) => f.name === part.name);
    if (!fk)
      table.foreignKeys.push(
        (fk = {
          columns: [],
          table: part.foreignTable,
          foreignColumns: [],
          onDelete: action(part.onDelete),
          onUpdate: action(part.onUpdate),
          name: part.name,
        }),
      );
    fk.columns.push(part.column);
    fk.foreignColumns.push(part.foreignColumn);
  }
  return shape;
}

/**
 * A difference both sides are meant to have, in one named schema (`in`, as the comparisons label
 * it): the key is left out of that schema before comparing. `key` is written as the failure
 * message writes it (`index (role_id)`, `unique key (a, b)`, ...), `why` says why it is right.
 */
export interface AllowedDifference {
  in: string;
  table: string;
  key: string;
  why: string;
}

export interface Compared {
  label: string;
  shape: SchemaShape;
}

export interface CompareOptions {
  /** Compare column types: only within one dialect, the two spell their types differently. */
  types: boolean;
  /** Compare foreign key names: only where both sides name them (MySQL against its declaration). */
  foreignKeyNames: boolean;
  allowed?: AllowedDifference[];
}

/** One table's entries: key (what it is) → its name, where it has one that should match. */
function entries(table: TableShape, options: CompareOptions): Map<string, string | undefined> {
  const found = new Map<string, string | undefined>();
  const add = (key: string, name: string | undefined) => {
    // Two entries of one shape (two alike indexes): both count, so one on each side is a difference.
    let unique = key;
    for (let n = 2; found.has(unique); n++) unique = `${key} #${n}`;
    found.set(unique, name);
  };
  for (const [name, column] of Object.entries(table.columns)) add(columnKey(name, column, options.types), undefined);
  add(`primary key ${list(table.primaryKey)}`, undefined);
  for (const index of table.indexes) add(indexKey(index), index.name);
  for (const fk of table.foreignKeys) add(foreignKeyKey(fk), options.foreignKeyNames ? fk.name : undefined);
  return found;
}

/**
 * Compares two schemas table by table: one failure per table or entry that is on one side only,
 * and per index (or foreign key) whose name differs, each naming the table and the entry; one pass
 * per table that matches. Allowed differences are taken out first, and an allowance that no longer
 * matches anything fails too (the difference it excused is gone, so the allowance should go).
 */
export function compareSchemas(t: Test, a: Compared, b: Compared, options: CompareOptions): void {
  const allowed = (options.allowed ?? []).filter((entry) => entry.in === a.label || entry.in === b.label);
  const used = new Set<AllowedDifference>();
  const tableEntries = (side: Compared, table: string) => {
    const found = entries(side.shape[table]!, options);
    for (const entry of allowed)
      if (entry.in === side.label && entry.table === table && found.delete(entry.key)) used.add(entry);
    return found;
  };
  const tables = [...new Set([...Object.keys(a.shape), ...Object.keys(b.shape)])].sort();
  for (const table of tables) {
    if (!a.shape[table] || !b.shape[table]) {
      t.fail(`${table}: the table is in ${a.shape[table] ? a.label : b.label} only`);
      continue;
    }
    const left = tableEntries(a, table);
    const right = tableEntries(b, table);
    let differences = 0;
    for (const [key, name] of left) {
      if (!right.has(key)) {
        differences++;
        t.fail(`${table}: ${key}${name ? ` [${name}]` : ''} is in ${a.label} but not in ${b.label}`);
      } else if (name !== undefined && right.get(key) !== undefined && right.get(key) !== name) {
        differences++;
        t.fail(`${table}: ${key} is named ${name} in ${a.label} but ${right.get(key)} in ${b.label}`);
      }
    }
    for (const [key, name] of right)
      if (!left.has(key)) {
        differences++;
        t.fail(`${table}: ${key}${name ? ` [${name}]` : ''} is in ${b.label} but not in ${a.label}`);
      }
    if (differences === 0) t.pass(`${table}: same columns, primary key, indexes, unique keys and foreign keys`);
  }
  for (const entry of allowed)
    if (!used.has(entry))
      t.fail(`${entry.table}: the allowed difference "${entry.key}" in ${entry.in} is no longer there`);
}
