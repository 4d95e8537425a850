import { randomUUID } from 'node:crypto';
import type { Category } from '../model/category.js';
import type { Repositories } from '../plugin/storage/index.js';
import type { CategoryRow } from './category-csv.js';
import { descendantsOf } from './category-tree.js';
import { VARIABLE_PATTERN, firstFreeVariable, variableFromName } from './variable-name.js';

/** How an import treats what is there: `merge` updates by key and adds; `replace` empties the level first. */
export type ImportMode = 'merge' | 'replace';

/**
 * Imports rows under `parent` (the top level for null), in the caller's transaction, as the
 * original does: `replace` removes everything under the parent first; `merge` updates the category
 * of a row's key (its name and sort order) and adds the rest. A variable another category has is
 * replaced by a free one. Answers how many rows were written.
 */
export async function importRows(
  tx: Repositories,
  { parent, mode, rows }: { parent: string | null; mode: ImportMode; rows: readonly CategoryRow[] },
  now: number,
): Promise<number> {
  if (mode === 'replace') {
    for (const category of (await descendantsOf(tx, parent)).reverse()) await tx.categories.delete(category.inode);
  }
  let written = 0;
  for (const row of rows) {
    const existing = row.key ? await tx.categories.findByKey(row.key) : undefined;
    if (existing && mode === 'merge') {
      await tx.categories.update({ ...existing, name: row.name, sortOrder: row.sortOrder, modDate: now });
    } else {
      const category: Category = {
        inode: randomUUID(),
        name: row.name,
        // Keys are unique: a replaced level's keys are free again, a merged one's were matched above.
        key: row.key && !existing ? row.key : null,
        variable: await freeVariable(tx, row),
        parent,
        sortOrder: row.sortOrder,
        modDate: now,
      };
      await tx.categories.insert(category);
    }
    written++;
  }
  return written;
}

async function freeVariable(tx: Repositories, row: CategoryRow): Promise<string> {
  const base = VARIABLE_PATTERN.test(row.variable) ? row.variable : variableFromName(row.name, 'category');
  return firstFreeVariable(base, async (v) => (await tx.categories.findByVariable(v)) !== undefined);
}
