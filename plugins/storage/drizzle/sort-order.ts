import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Sort } from '../../../core/plugin/kit.js';

/** A column a list sorts by; text is compared lower-cased, so that SQLite and MySQL's collations agree. */
export interface SortColumn {
  column: SQLiteColumn;
  text?: boolean;
}

/** A text column compared lower-cased: MySQL's default collation ignores case and SQLite's does not. */
export function ignoringCase(column: SQLiteColumn): SQL {
  return sql`lower(${column})`;
}

/**
 * The ORDER BY of a paged list: the sorted column, then a unique column ascending, so that rows
 * that compare equal keep one order from page to page.
 */
export function orderTerms<Column extends string>(
  sort: Sort<Column>,
  columns: Readonly<Record<Column, SortColumn>>,
  unique: SQLiteColumn,
): SQL[] {
  const { column, text } = columns[sort.column];
  const term = text ? ignoringCase(column) : sql`${column}`;
  return [sort.descending ? desc(term) : asc(term), asc(unique)];
}
