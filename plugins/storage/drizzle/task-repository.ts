import { and, asc, eq } from 'drizzle-orm';
import type { WorkflowHistoryEntry, WorkflowTask } from '../../../core/model/workflow.js';
import type { TaskRepository } from '../../../core/plugin/storage-driver.js';
import type { Executor, Tables } from './context.js';

export function taskRepository(exec: Executor, t: Tables): TaskRepository {
  const item = (identifier: string, languageId?: number) =>
    languageId === undefined ? eq(t.workflowTasks.identifier, identifier) : and(eq(t.workflowTasks.identifier, identifier), eq(t.workflowTasks.languageId, languageId));
  return {
    find: (identifier, languageId) => exec.read(async (db) => (await db.select().from(t.workflowTasks).where(item(identifier, languageId)).limit(1))[0] as WorkflowTask | undefined),
    put: (task) =>
      exec.write(async (db) => {
        // Delete-then-insert is the same SQL on every dialect; callers hold a transaction.
        await db.delete(t.workflowTasks).where(item(task.identifier, task.languageId));
        await db.insert(t.workflowTasks).values(task);
      }),
    delete: (identifier, languageId) =>
      exec.write(async (db) => {
        await db.delete(t.workflowTasks).where(item(identifier, languageId));
        const history = eq(t.workflowHistory.identifier, identifier);
        await db.delete(t.workflowHistory).where(languageId === undefined ? history : and(history, eq(t.workflowHistory.languageId, languageId)));
      }),
    anyInStep: (stepId) => exec.read(async (db) => (await db.select({ id: t.workflowTasks.identifier }).from(t.workflowTasks).where(eq(t.workflowTasks.stepId, stepId)).limit(1)).length > 0),
    addHistory: (entry) => exec.write(async (db) => void (await db.insert(t.workflowHistory).values(entry))),
    listHistory: (identifier) =>
      exec.read(async (db) => (await db.select().from(t.workflowHistory).where(eq(t.workflowHistory.identifier, identifier)).orderBy(asc(t.workflowHistory.createdAt), asc(t.workflowHistory.id))) as WorkflowHistoryEntry[]),
  };
}
