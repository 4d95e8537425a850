import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { ContentType, ContentTypeRepository, ContentTypeSortColumn } from '../../../core/plugin/kit.js';
import type { Db, Executor, Tables } from './context.js';
import { orderTerms, type SortColumn } from './sort-order.js';

type Row = Tables['contentTypes']['$inferSelect'];

export function contentTypeRepository(exec: Executor, t: Tables): ContentTypeRepository {
  const sortColumns: Record<ContentTypeSortColumn, SortColumn> = {
    name: { column: t.contentTypes.name, text: true },
    variable: { column: t.contentTypes.variableKey },
    modDate: { column: t.contentTypes.modDate },
    iDate: { column: t.contentTypes.iDate },
    sortOrder: { column: t.contentTypes.sortOrder },
    description: { column: t.contentTypes.description, text: true },
    baseType: { column: t.contentTypes.baseType },
    id: { column: t.contentTypes.id },
  };
  const toRow = ({ workflows: _workflows, ...type }: ContentType): Row => ({
    ...type,
    variableKey: type.variable.toLowerCase(),
  });

  async function withWorkflows(db: Db, rows: Row[]): Promise<ContentType[]> {
    return Promise.all(
      rows.map(async ({ variableKey: _key, ...row }) => {
        const bound = await db
          .select()
          .from(t.contentTypeWorkflows)
          .where(eq(t.contentTypeWorkflows.contentTypeId, row.id))
          .orderBy(asc(t.contentTypeWorkflows.position));
        return { ...row, baseType: row.baseType as ContentType['baseType'], workflows: bound.map((b) => b.schemeId) };
      }),
    );
  }

  async function bindWorkflows(db: Db, type: ContentType): Promise<void> {
    await db.delete(t.contentTypeWorkflows).where(eq(t.contentTypeWorkflows.contentTypeId, type.id));
    const unique = [...new Set(type.workflows)];
    if (unique.length > 0)
      await db
        .insert(t.contentTypeWorkflows)
        .values(unique.map((schemeId, position) => ({ contentTypeId: type.id, schemeId, position })));
  }

  const findOne = (column: Tables['contentTypes']['id'] | Tables['contentTypes']['variableKey'], value: string) =>
    exec.read(
      async (db) =>
        (await withWorkflows(db, await db.select().from(t.contentTypes).where(eq(column, value)).limit(1)))[0],
    );

  return {
    insert: (type) =>
      exec.write(async (db) => {
        await db.insert(t.contentTypes).values(toRow(type));
        await bindWorkflows(db, type);
      }),
    update: (type) =>
      exec.write(async (db) => {
        await db.update(t.contentTypes).set(toRow(type)).where(eq(t.contentTypes.id, type.id));
        await bindWorkflows(db, type);
      }),
    delete: (id) =>
      exec.write(async (db) => {
        // Explicit, not only ON DELETE CASCADE: the order is the same on every dialect.
        await db.delete(t.fields).where(eq(t.fields.contentTypeId, id));
        await db.delete(t.contentTypeWorkflows).where(eq(t.contentTypeWorkflows.contentTypeId, id));
        await db
          .delete(t.workflowSystemActions)
          .where(and(eq(t.workflowSystemActions.ownerKind, 'contentType'), eq(t.workflowSystemActions.ownerId, id)));
        await db.delete(t.contentTypes).where(eq(t.contentTypes.id, id));
      }),
    findById: (id) => findOne(t.contentTypes.id, id),
    findByVariable: (variable) => findOne(t.contentTypes.variableKey, variable.toLowerCase()),
    list: (query) =>
      exec.read(async (db) => {
        // instr() exists on both dialects and, unlike LIKE, gives no meaning to % or _ in the filter.
        const needle = query.filter?.toLowerCase();
        const where = and(
          needle
            ? or(
                sql`instr(lower(${t.contentTypes.name}), ${needle}) > 0`,
                sql`instr(${t.contentTypes.variableKey}, ${needle}) > 0`,
              )
            : undefined,
          query.hosts ? inArray(t.contentTypes.host, query.hosts.length ? [...query.hosts] : ['']) : undefined,
          query.baseTypes
            ? inArray(t.contentTypes.baseType, query.baseTypes.length ? [...query.baseTypes] : [''])
            : undefined,
          query.variables
            ? inArray(
                t.contentTypes.variableKey,
                query.variables.length ? query.variables.map((v) => v.toLowerCase()) : [''],
              )
            : undefined,
        );
        const rows = await db
          .select()
          .from(t.contentTypes)
          .where(where)
          .orderBy(...orderTerms(query.sort ?? { column: 'name', descending: false }, sortColumns, t.contentTypes.id))
          .limit(query.limit)
          .offset(query.offset);
        const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(t.contentTypes).where(where);
        return { items: await withWorkflows(db, rows), total: Number(total) };
      }),
    idsBoundTo: (schemeId) =>
      exec.read(async (db) =>
        (
          await db
            .select({ id: t.contentTypeWorkflows.contentTypeId })
            .from(t.contentTypeWorkflows)
            .where(eq(t.contentTypeWorkflows.schemeId, schemeId))
        ).map((row) => row.id),
      ),
  };
}
