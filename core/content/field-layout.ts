import type { Field } from '../model/field.js';
import { FIELD_CLASS_PACKAGE } from '../plugin/field-type.js';

export const ROW_CLASS = `${FIELD_CLASS_PACKAGE}ImmutableRowField`;
export const COLUMN_CLASS = `${FIELD_CLASS_PACKAGE}ImmutableColumnField`;
export const TAB_DIVIDER_CLASS = `${FIELD_CLASS_PACKAGE}ImmutableTabDividerField`;

/** A column of the edit form: its Column field and the fields under it. */
export interface LayoutColumn<F = Field> {
  /** Null for fields that stand before any Column of their row. */
  columnDivider: F | null;
  fields: F[];
}

/** A row of the edit form: a Row field with its columns, or a Tab divider (no columns). */
export interface LayoutRow<F = Field> {
  /** Null for fields that stand before any Row or Tab divider. */
  divider: F | null;
  columns?: Array<LayoutColumn<F>>;
}

const isRowStart = (clazz: string) => clazz === ROW_CLASS || clazz === TAB_DIVIDER_CLASS;

/**
 * The original's layout of a type's fields (`fields/allfields` answers it flat; the v3 field
 * endpoints answer these rows): the fields in sortOrder, a Row or Tab divider opening a row, a
 * Column opening a column of the current row. Fields that stand before any divider are kept, in a
 * row or column whose divider is null, rather than invented dividers the type does not have.
 */
export function layoutRows(fields: readonly Field[]): LayoutRow[] {
  const rows: LayoutRow[] = [];
  let row: LayoutRow | undefined;
  let column: LayoutColumn | undefined;
  for (const field of [...fields].sort((a, b) => a.sortOrder - b.sortOrder)) {
    if (isRowStart(field.clazz)) {
      row = field.clazz === ROW_CLASS ? { divider: field, columns: [] } : { divider: field };
      column = undefined;
      rows.push(row);
      continue;
    }
    if (!row || !row.columns) {
      // A field after a Tab divider, or before anything: a row of its own without a divider.
      row = { divider: null, columns: [] };
      rows.push(row);
    }
    if (field.clazz === COLUMN_CLASS) {
      column = { columnDivider: field, fields: [] };
      row.columns!.push(column);
      continue;
    }
    if (!column) {
      column = { columnDivider: null, fields: [] };
      row.columns!.push(column);
    }
    column.fields.push(field);
  }
  return rows;
}

/**
 * The fields of a layout in the order they stand, as the original flattens a `move` body: each
 * row's divider, then each column's divider followed by its fields. Null dividers are skipped.
 */
export function flattenLayout<F>(rows: ReadonlyArray<LayoutRow<F>>): F[] {
  const flat: F[] = [];
  for (const row of rows) {
    if (row.divider) flat.push(row.divider);
    for (const column of row.columns ?? []) {
      if (column.columnDivider) flat.push(column.columnDivider);
      flat.push(...column.fields);
    }
  }
  return flat;
}

/** What is wrong with a layout sent by a client, or undefined: dividers where dividers go, and nowhere else. */
export function layoutProblem<F extends { clazz?: string }>(rows: ReadonlyArray<LayoutRow<F>>): string | undefined {
  for (const [index, row] of rows.entries()) {
    const at = `row ${index + 1}`;
    const divider = row.divider?.clazz;
    if (!divider || !isRowStart(divider)) return `${at} must have a Row or Tab divider as its divider`;
    if (divider === TAB_DIVIDER_CLASS && row.columns?.length) return `${at} is a Tab divider and holds no columns`;
    for (const [c, column] of (row.columns ?? []).entries()) {
      if (column.columnDivider?.clazz !== COLUMN_CLASS) return `column ${c + 1} of ${at} must have a Column divider`;
      const misplaced = column.fields.find((f) => !f.clazz || isRowStart(f.clazz) || f.clazz === COLUMN_CLASS);
      if (misplaced) return `column ${c + 1} of ${at} holds a divider or a field without a class among its fields`;
    }
  }
  return undefined;
}
