import { and, asc, desc, eq, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Page, TaskSearchHit, TaskSearchQuery, TaskSortColumn } from '../../../core/plugin/kit.js';
import type { Db, Tables } from './context.js';

/**
 * Searches workflow tasks: the task joined to the working version of its item (for the title the
 * keywords match and the answer shows) and to its step (open or closed). Every value is a bound
 * parameter; the sort column comes from a fixed map.
 */
export async function searchTasks(db: Db, t: Tables, query: TaskSearchQuery): Promise<Page<TaskSearchHit>> {
  const title = sql<string>`coalesce(${t.contentVersions.title}, '')`;
  const needle = query.keywords?.trim().toLowerCase();
  const where = and(
    needle ? sql`instr(lower(${t.contentVersions.title}), ${needle}) > 0` : undefined,
    query.assignedTo
      ? inArray(t.workflowTasks.assignedTo, query.assignedTo.length ? [...query.assignedTo] : [''])
      : undefined,
    query.modifiedSince === undefined ? undefined : gte(t.workflowTasks.modDate, query.modifiedSince),
    query.schemeId === undefined ? undefined : eq(t.workflowTasks.schemeId, query.schemeId),
    query.stepId === undefined ? undefined : eq(t.workflowTasks.stepId, query.stepId),
    query.createdBy === undefined ? undefined : eq(t.workflowTasks.createdBy, query.createdBy),
    // A task whose step is gone counts as open: nothing resolved it.
    query.resolved === undefined
      ? undefined
      : query.resolved
        ? eq(t.workflowSteps.resolved, true)
        : or(isNull(t.workflowSteps.id), eq(t.workflowSteps.resolved, false)),
  );
  const sortable: Record<TaskSortColumn, SQLiteColumn | SQL> = {
    modDate: t.workflowTasks.modDate,
    creationDate: t.workflowTasks.creationDate,
    title: sql`lower(${title})`,
    status: t.workflowTasks.stepId,
    assignedTo: t.workflowTasks.assignedTo,
    createdBy: t.workflowTasks.createdBy,
    languageId: t.workflowTasks.languageId,
    belongsTo: t.workflowTasks.identifier,
  };
  const term = sortable[query.sort.column];
  // The count of every matching row rides on each row of the page (a window), so one query answers both.
  const page = (limit: number, offset: number) =>
    db
      .select({ task: t.workflowTasks, title, total: sql<number>`count(*) over ()` })
      .from(t.workflowTasks)
      .leftJoin(
        t.contentStates,
        and(
          eq(t.contentStates.identifier, t.workflowTasks.identifier),
          eq(t.contentStates.languageId, t.workflowTasks.languageId),
        ),
      )
      .leftJoin(t.contentVersions, eq(t.contentVersions.inode, t.contentStates.workingInode))
      .leftJoin(t.workflowSteps, eq(t.workflowSteps.id, t.workflowTasks.stepId))
      .where(where)
      // Then the task's key, so that equal rows keep one order from page to page.
      .orderBy(
        query.sort.descending ? desc(term) : asc(term),
        asc(t.workflowTasks.identifier),
        asc(t.workflowTasks.languageId),
      )
      .limit(limit)
      .offset(offset);
  const rows = await page(query.limit, query.offset);
  // A page past the end has no row to carry the count: ask for the first row's.
  const total = rows[0]?.total ?? (query.offset > 0 ? ((await page(1, 0))[0]?.total ?? 0) : 0);
  return {
    items: rows.map(({ task, title }) => ({ ...task, title })),
    // MySQL answers a computed count as text.
    total: Number(total),
  };
}
