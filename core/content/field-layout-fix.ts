import type { ContentType } from '../model/content-type.js';
import type { Field } from '../model/field.js';
import type { Repositories } from '../plugin/storage/index.js';
import { COLUMN_CLASS, ROW_CLASS, TAB_DIVIDER_CLASS } from './field-layout.js';
import type { FieldService } from './field-service.js';

/** The most columns a row holds in the original's edit form; fields of further columns join the last. */
export const MAX_COLUMNS = 4;

/** A place in the fixed layout: a field the type has, or a Row or Column to be made there. */
export type LayoutSlot = Field | 'row' | 'column';

export interface LayoutFix {
  /** The fields in their new order, with the dividers to add where they go. */
  slots: LayoutSlot[];
  /** Dividers dropped: Rows with nothing in them, and the Columns past the fourth of a row. */
  removed: Field[];
}

const isRowStart = (f: Field) => f.clazz === ROW_CLASS || f.clazz === TAB_DIVIDER_CLASS;

/**
 * The original's reading of a type's fields as its edit form (rows of columns), mended: a field
 * outside any column gets a Column (and a Row, when outside any row) made in front of it; a Row
 * with nothing after it is dropped; a row of more than four columns keeps four, the fields of the
 * others moving into the fourth. Undefined when the layout needs no mending.
 */
export function fixLayout(fields: readonly Field[]): LayoutFix | undefined {
  const sorted = [...fields].sort((a, b) => a.sortOrder - b.sortOrder);
  if (sorted.length === 0) return undefined;
  const slots: LayoutSlot[] = [];
  const removed: Field[] = [];

  const putRow = (divider: Field | undefined, others: Field[]) => {
    if (others.length === 0) {
      if (divider) removed.push(divider);
      return;
    }
    slots.push(divider ?? 'row');
    const columns = splitBefore(others, (f) => f.clazz === COLUMN_CLASS);
    for (const extra of columns.splice(MAX_COLUMNS)) {
      const [first, ...rest] = extra;
      const kept = first?.clazz === COLUMN_CLASS ? rest : extra;
      if (first?.clazz === COLUMN_CLASS) removed.push(first);
      columns[MAX_COLUMNS - 1]!.push(...kept);
    }
    for (const column of columns) {
      if (column[0]?.clazz !== COLUMN_CLASS) slots.push('column');
      slots.push(...column);
    }
  };

  for (const fragment of splitBefore(sorted, isRowStart)) {
    const [first, ...rest] = fragment;
    if (first?.clazz === TAB_DIVIDER_CLASS) {
      slots.push(first);
      if (rest.length) putRow(undefined, rest);
    } else if (first && first.clazz === ROW_CLASS) {
      putRow(first, rest);
    } else {
      putRow(undefined, fragment);
    }
  }
  const mended = removed.length > 0 || slots.some((slot) => typeof slot === 'string');
  return mended ? { slots, removed } : undefined;
}

/** The list cut before each item that starts a part (the first part may start without one). */
function splitBefore<T>(items: readonly T[], starts: (item: T) => boolean): T[][] {
  const parts: T[][] = [];
  for (const item of items) {
    if (parts.length === 0 || starts(item)) parts.push([]);
    parts[parts.length - 1]!.push(item);
  }
  return parts;
}

/**
 * Mends the layout of a type's fields in an open transaction, as the original does when a type is
 * saved: dividers are made or dropped as `fixLayout` says, and every field takes its position as
 * sortOrder. A layout that needs no mending is left as it is.
 */
export async function normaliseLayout(tx: Repositories, fieldService: FieldService, type: ContentType): Promise<void> {
  const fix = fixLayout(await tx.fields.listByType(type.id));
  if (!fix) return;
  for (const field of fix.removed) await tx.fields.delete(field.id);
  for (const [sortOrder, slot] of fix.slots.entries()) {
    if (slot === 'row' || slot === 'column') {
      const clazz = slot === 'row' ? ROW_CLASS : COLUMN_CLASS;
      await fieldService.createIn(tx, type, [{ clazz, name: `fields-${sortOrder}`, sortOrder }]);
    } else if (slot.sortOrder !== sortOrder) {
      await tx.fields.update({ ...slot, sortOrder });
    }
  }
}
