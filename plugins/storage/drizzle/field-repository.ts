import { asc, eq } from 'drizzle-orm';
import type { Field, FieldVariable } from '../../../core/model/field.js';
import type { FieldRepository } from '../../../core/plugin/storage-driver.js';
import type { Executor, Tables } from './context.js';

type Row = Tables['fields']['$inferSelect'];

const toRow = (field: Field): Row => ({
  ...field,
  variableKey: field.variable.toLowerCase(),
  fieldVariables: JSON.stringify(field.fieldVariables),
});
const toField = ({ variableKey: _key, fieldVariables, ...row }: Row): Field => ({
  ...row,
  fieldVariables: JSON.parse(fieldVariables) as FieldVariable[],
});

export function fieldRepository(exec: Executor, t: Tables): FieldRepository {
  return {
    insert: (field) => exec.write(async (db) => void (await db.insert(t.fields).values(toRow(field)))),
    update: (field) =>
      exec.write(async (db) => void (await db.update(t.fields).set(toRow(field)).where(eq(t.fields.id, field.id)))),
    delete: (id) => exec.write(async (db) => void (await db.delete(t.fields).where(eq(t.fields.id, id)))),
    findById: (id) =>
      exec.read(async (db) => (await db.select().from(t.fields).where(eq(t.fields.id, id)).limit(1)).map(toField)[0]),
    listByType: (contentTypeId) =>
      exec.read(async (db) =>
        (
          await db
            .select()
            .from(t.fields)
            .where(eq(t.fields.contentTypeId, contentTypeId))
            .orderBy(asc(t.fields.sortOrder), asc(t.fields.iDate), asc(t.fields.id))
        ).map(toField),
      ),
  };
}
