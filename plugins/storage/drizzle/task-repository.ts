import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TaskRepository, WorkflowHistoryEntry, WorkflowTask } from '../../../core/plugin/kit.js';
import type { Dialect, Executor, Tables } from './context.js';
import { insertRow, runPrepared, upsertRow } from './prepared.js';
import { searchTasks } from './task-search-query.js';
import { readInChunks } from './chunked-reads.js';

export function taskRepository(exec: Executor, t: Tables, dialect: Dialect): TaskRepository {
  const item = (identifier: string, languageId?: number) =>
    languageId === undefined
      ? eq(t.workflowTasks.identifier, identifier)
      : and(eq(t.workflowTasks.identifier, identifier), eq(t.workflowTasks.languageId, languageId));
  return {
    find: (identifier, languageId) =>
      exec.read(
        async (db) =>
          (
            await runPrepared<WorkflowTask[]>(
              db,
              'findTask',
              () =>
                db
                  .select()
                  .from(t.workflowTasks)
                  .where(
                    and(
                      eq(t.workflowTasks.identifier, sql.placeholder('identifier')),
                      eq(t.workflowTasks.languageId, sql.placeholder('languageId')),
                    ),
                  )
                  .limit(1),
              { identifier, languageId },
            )
          )[0],
      ),
    listOf: (identifiers) =>
      readInChunks(identifiers, (chunk) =>
        exec.read((db) => db.select().from(t.workflowTasks).where(inArray(t.workflowTasks.identifier, chunk))),
      ),
    put: (task) =>
      exec.write((db) =>
        upsertRow({ db, dialect }, t.workflowTasks, [t.workflowTasks.identifier, t.workflowTasks.languageId], {
          ...task,
        }),
      ),
    delete: (identifier, languageId) =>
      exec.write(async (db) => {
        await db.delete(t.workflowTasks).where(item(identifier, languageId));
        const history = eq(t.workflowHistory.identifier, identifier);
        await db
          .delete(t.workflowHistory)
          .where(languageId === undefined ? history : and(history, eq(t.workflowHistory.languageId, languageId)));
      }),
    anyInStep: (stepId) =>
      exec.read(
        async (db) =>
          (
            await db
              .select({ id: t.workflowTasks.identifier })
              .from(t.workflowTasks)
              .where(eq(t.workflowTasks.stepId, stepId))
              .limit(1)
          ).length > 0,
      ),
    addHistory: (entry) => exec.write(async (db) => void (await insertRow(db, t.workflowHistory, { ...entry }))),
    listHistory: (identifier) =>
      exec.read(
        async (db) =>
          (await db
            .select()
            .from(t.workflowHistory)
            .where(eq(t.workflowHistory.identifier, identifier))
            .orderBy(asc(t.workflowHistory.createdAt), asc(t.workflowHistory.id))) as WorkflowHistoryEntry[],
      ),
    search: (query) => exec.read((db) => searchTasks(db, t, query)),
  };
}
