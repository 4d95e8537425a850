import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { Field, FieldRepository, FieldVariable } from '../../../core/plugin/kit.js';
import type { Db, Executor, Tables } from './context.js';

type Row = Tables['fields']['$inferSelect'];

const toRow = ({ fieldVariables: _variables, ...field }: Field): Row => ({
  ...field,
  variableKey: field.variable.toLowerCase(),
});

/**
 * Fields with their variables, which live in a table of their own (a row each, so that writes to
 * different variables of one field never overwrite each other), in the order they were added.
 */
async function withVariables(db: Db, t: Tables, rows: Row[]): Promise<Field[]> {
  if (rows.length === 0) return [];
  const variables = await db
    .select({
      fieldId: t.fieldVariables.fieldId,
      id: t.fieldVariables.id,
      key: t.fieldVariables.key,
      value: t.fieldVariables.value,
    })
    .from(t.fieldVariables)
    .where(
      inArray(
        t.fieldVariables.fieldId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(t.fieldVariables.createdAt), asc(t.fieldVariables.id));
  const byField = new Map<string, FieldVariable[]>();
  for (const { fieldId, ...variable } of variables) {
    const list = byField.get(fieldId) ?? [];
    list.push(variable);
    byField.set(fieldId, list);
  }
  return rows.map(({ variableKey: _key, ...row }) => ({ ...row, fieldVariables: byField.get(row.id) ?? [] }));
}

/** Rows for variables added together at `at`: each a millisecond after the one before, to keep their order. */
const variableRows = (fieldId: string, variables: readonly FieldVariable[], at: number) =>
  variables.map((variable, index) => ({ ...variable, fieldId, createdAt: at + index, modDate: at }));

export function fieldRepository(exec: Executor, t: Tables): FieldRepository {
  const variableOf = (fieldId: string, id: string) =>
    and(eq(t.fieldVariables.fieldId, fieldId), eq(t.fieldVariables.id, id));
  return {
    insert: (field) =>
      exec.write(async (db) => {
        await db.insert(t.fields).values(toRow(field));
        if (field.fieldVariables.length > 0) {
          await db.insert(t.fieldVariables).values(variableRows(field.id, field.fieldVariables, field.iDate));
        }
      }),
    update: (field) =>
      exec.write(async (db) => void (await db.update(t.fields).set(toRow(field)).where(eq(t.fields.id, field.id)))),
    // The field's variables go with it (ON DELETE CASCADE).
    delete: (id) => exec.write(async (db) => void (await db.delete(t.fields).where(eq(t.fields.id, id)))),
    findById: (id) =>
      exec.read(
        async (db) =>
          (await withVariables(db, t, await db.select().from(t.fields).where(eq(t.fields.id, id)).limit(1)))[0],
      ),
    listByType: (contentTypeId) =>
      exec.read(async (db) =>
        withVariables(
          db,
          t,
          await db
            .select()
            .from(t.fields)
            .where(eq(t.fields.contentTypeId, contentTypeId))
            .orderBy(asc(t.fields.sortOrder), asc(t.fields.iDate), asc(t.fields.id)),
        ),
      ),
    insertVariable: (fieldId, variable, at) =>
      exec.write(async (db) => {
        // After the field's last variable, even when added within the same millisecond.
        const [{ last } = { last: null }] = await db
          .select({ last: max(t.fieldVariables.createdAt) })
          .from(t.fieldVariables)
          .where(eq(t.fieldVariables.fieldId, fieldId));
        const createdAt = last === null ? at : Math.max(at, Number(last) + 1);
        await db.insert(t.fieldVariables).values({ ...variable, fieldId, createdAt, modDate: at });
      }),
    updateVariable: (fieldId, variable, at) =>
      exec.write(
        async (db) =>
          void (await db
            .update(t.fieldVariables)
            .set({ key: variable.key, value: variable.value, modDate: at })
            .where(variableOf(fieldId, variable.id))),
      ),
    deleteVariable: (fieldId, id) =>
      exec.write(async (db) => void (await db.delete(t.fieldVariables).where(variableOf(fieldId, id)))),
    replaceVariables: (fieldId, variables, at) =>
      exec.write(async (db) => {
        await db.delete(t.fieldVariables).where(eq(t.fieldVariables.fieldId, fieldId));
        if (variables.length > 0) await db.insert(t.fieldVariables).values(variableRows(fieldId, variables, at));
      }),
  };
}
