import { and, asc, eq, like, max } from 'drizzle-orm';
import {
  SYSTEM_ACTION_NAMES,
  type ActionletAssociation,
  type ShowOn,
  type SystemActionMapping,
  type SystemActionName,
  type WorkflowAction,
  type WorkflowRepository,
  type WorkflowScheme,
  type WorkflowStep,
} from '../../../core/plugin/kit.js';
import type { Db, Executor, Tables } from './context.js';
import { ignoringCase } from './sort-order.js';

type ActionRow = Tables['workflowActions']['$inferSelect'];
type ActionletRow = Tables['workflowActionlets']['$inferSelect'];

const toActionRow = (a: WorkflowAction): ActionRow => ({
  ...a,
  showOn: JSON.stringify(a.showOn),
  whoCanUse: JSON.stringify(a.whoCanUse),
});
const toAction = (r: ActionRow): WorkflowAction => ({
  ...r,
  showOn: JSON.parse(r.showOn) as ShowOn[],
  whoCanUse: JSON.parse(r.whoCanUse) as string[],
});
const toActionletRow = (a: ActionletAssociation): ActionletRow => ({ ...a, parameters: JSON.stringify(a.parameters) });
const toActionlet = (r: ActionletRow): ActionletAssociation => ({
  ...r,
  parameters: JSON.parse(r.parameters) as Record<string, string>,
});

/** `abcdef0123` → `abcdef01-23`: the uuid prefix a short id stands for. */
function shortIdPrefix(idOrShort: string): string | undefined {
  return /^[0-9a-f]{10}$/i.test(idOrShort) ? `${idOrShort.slice(0, 8)}-${idOrShort.slice(8)}`.toLowerCase() : undefined;
}

export function workflowRepository(exec: Executor, t: Tables): WorkflowRepository {
  const idColumn = { scheme: t.workflowSchemes.id, step: t.workflowSteps.id, action: t.workflowActions.id };
  const tableOf = { scheme: t.workflowSchemes, step: t.workflowSteps, action: t.workflowActions };

  async function stepActions(db: Db, stepId: string): Promise<WorkflowAction[]> {
    const rows = await db
      .select({ action: t.workflowActions })
      .from(t.workflowStepActions)
      .innerJoin(t.workflowActions, eq(t.workflowActions.id, t.workflowStepActions.actionId))
      .where(eq(t.workflowStepActions.stepId, stepId))
      .orderBy(asc(t.workflowStepActions.position));
    return rows.map((r) => toAction(r.action));
  }

  /** What hangs off an action: its actionlets, its places in steps, the system actions that fire it. */
  async function deleteActionChildren(db: Db, actionId: string): Promise<void> {
    await db.delete(t.workflowActionlets).where(eq(t.workflowActionlets.actionId, actionId));
    await db.delete(t.workflowStepActions).where(eq(t.workflowStepActions.actionId, actionId));
    await db.delete(t.workflowSystemActions).where(eq(t.workflowSystemActions.actionId, actionId));
  }

  return {
    insertScheme: (scheme) => exec.write(async (db) => void (await db.insert(t.workflowSchemes).values(scheme))),
    updateScheme: (scheme) =>
      exec.write(
        async (db) => void (await db.update(t.workflowSchemes).set(scheme).where(eq(t.workflowSchemes.id, scheme.id))),
      ),
    deleteScheme: (id) =>
      exec.write(async (db) => {
        // Children first, explicitly: the same order on every dialect, whatever the cascade support.
        for (const action of await db
          .select({ id: t.workflowActions.id })
          .from(t.workflowActions)
          .where(eq(t.workflowActions.schemeId, id))) {
          await deleteActionChildren(db, action.id);
        }
        await db
          .delete(t.workflowSystemActions)
          .where(and(eq(t.workflowSystemActions.ownerKind, 'scheme'), eq(t.workflowSystemActions.ownerId, id)));
        await db.delete(t.workflowActions).where(eq(t.workflowActions.schemeId, id));
        await db.delete(t.workflowSteps).where(eq(t.workflowSteps.schemeId, id));
        await db.delete(t.workflowSchemes).where(eq(t.workflowSchemes.id, id));
      }),
    findScheme: (id) =>
      exec.read(
        async (db) =>
          (await db.select().from(t.workflowSchemes).where(eq(t.workflowSchemes.id, id)).limit(1))[0] as
            WorkflowScheme | undefined,
      ),
    listSchemes: () =>
      exec.read(
        async (db) =>
          (await db
            .select()
            .from(t.workflowSchemes)
            .orderBy(asc(ignoringCase(t.workflowSchemes.name)), asc(t.workflowSchemes.id))) as WorkflowScheme[],
      ),

    insertStep: (step) => exec.write(async (db) => void (await db.insert(t.workflowSteps).values(step))),
    updateStep: (step) =>
      exec.write(
        async (db) => void (await db.update(t.workflowSteps).set(step).where(eq(t.workflowSteps.id, step.id))),
      ),
    deleteStep: (id) =>
      exec.write(async (db) => {
        await db.delete(t.workflowStepActions).where(eq(t.workflowStepActions.stepId, id));
        await db.delete(t.workflowSteps).where(eq(t.workflowSteps.id, id));
      }),
    findStep: (id) =>
      exec.read(
        async (db) =>
          (await db.select().from(t.workflowSteps).where(eq(t.workflowSteps.id, id)).limit(1))[0] as
            WorkflowStep | undefined,
      ),
    listSteps: (schemeId) =>
      exec.read(
        async (db) =>
          (await db
            .select()
            .from(t.workflowSteps)
            .where(eq(t.workflowSteps.schemeId, schemeId))
            .orderBy(asc(t.workflowSteps.myOrder), asc(t.workflowSteps.creationDate))) as WorkflowStep[],
      ),

    insertAction: (action) =>
      exec.write(async (db) => void (await db.insert(t.workflowActions).values(toActionRow(action)))),
    updateAction: (action) =>
      exec.write(
        async (db) =>
          void (await db.update(t.workflowActions).set(toActionRow(action)).where(eq(t.workflowActions.id, action.id))),
      ),
    deleteAction: (id) =>
      exec.write(async (db) => {
        await deleteActionChildren(db, id);
        await db.delete(t.workflowActions).where(eq(t.workflowActions.id, id));
      }),
    findAction: (id) =>
      exec.read(
        async (db) =>
          (await db.select().from(t.workflowActions).where(eq(t.workflowActions.id, id)).limit(1)).map(toAction)[0],
      ),
    listActions: (schemeId) =>
      exec.read(async (db) =>
        (
          await db
            .select()
            .from(t.workflowActions)
            .where(eq(t.workflowActions.schemeId, schemeId))
            .orderBy(asc(t.workflowActions.order), asc(ignoringCase(t.workflowActions.name)), asc(t.workflowActions.id))
        ).map(toAction),
      ),

    attachAction: (stepId, actionId, position) =>
      exec.write(async (db) => {
        const existing = await db
          .select()
          .from(t.workflowStepActions)
          .where(and(eq(t.workflowStepActions.stepId, stepId), eq(t.workflowStepActions.actionId, actionId)))
          .limit(1);
        if (existing.length > 0) return;
        const [{ last } = { last: null }] = await db
          .select({ last: max(t.workflowStepActions.position) })
          .from(t.workflowStepActions)
          .where(eq(t.workflowStepActions.stepId, stepId));
        await db
          .insert(t.workflowStepActions)
          .values({ stepId, actionId, position: position ?? (last === null ? 0 : Number(last) + 1) });
      }),
    detachAction: (stepId, actionId) =>
      exec.write(
        async (db) =>
          void (await db
            .delete(t.workflowStepActions)
            .where(and(eq(t.workflowStepActions.stepId, stepId), eq(t.workflowStepActions.actionId, actionId)))),
      ),
    listStepActions: (stepId) => exec.read((db) => stepActions(db, stepId)),
    stepsOfAction: (actionId) =>
      exec.read(async (db) =>
        (
          await db
            .select({ stepId: t.workflowStepActions.stepId })
            .from(t.workflowStepActions)
            .where(eq(t.workflowStepActions.actionId, actionId))
            .orderBy(asc(t.workflowStepActions.stepId))
        ).map((r) => r.stepId),
      ),

    insertActionlet: (association) =>
      exec.write(async (db) => void (await db.insert(t.workflowActionlets).values(toActionletRow(association)))),
    deleteActionlet: (id) =>
      exec.write(async (db) => void (await db.delete(t.workflowActionlets).where(eq(t.workflowActionlets.id, id)))),
    findActionlet: (id) =>
      exec.read(
        async (db) =>
          (await db.select().from(t.workflowActionlets).where(eq(t.workflowActionlets.id, id)).limit(1)).map(
            toActionlet,
          )[0],
      ),
    listActionlets: (actionId) =>
      exec.read(async (db) =>
        (
          await db
            .select()
            .from(t.workflowActionlets)
            .where(eq(t.workflowActionlets.actionId, actionId))
            .orderBy(asc(t.workflowActionlets.order), asc(t.workflowActionlets.id))
        ).map(toActionlet),
      ),

    resolveId: (kind, idOrShort) =>
      exec.read(async (db) => {
        const prefix = shortIdPrefix(idOrShort);
        const column = idColumn[kind];
        const rows = await db
          .select({ id: column })
          .from(tableOf[kind])
          .where(prefix ? like(column, `${prefix}%`) : eq(column, idOrShort))
          .limit(2);
        // An ambiguous short id resolves to nothing rather than to a guess.
        return rows.length === 1 ? rows[0]!.id : undefined;
      }),

    putSystemAction: (mapping) =>
      exec.write(async (db) => {
        const m = t.workflowSystemActions;
        await db
          .delete(m)
          .where(
            and(
              eq(m.ownerKind, mapping.ownerKind),
              eq(m.ownerId, mapping.ownerId),
              eq(m.systemAction, mapping.systemAction),
            ),
          );
        await db.insert(m).values(mapping);
      }),
    findSystemAction: (id) =>
      exec.read(
        async (db) =>
          (await db.select().from(t.workflowSystemActions).where(eq(t.workflowSystemActions.id, id)).limit(1)).map(
            toMapping,
          )[0],
      ),
    listSystemActions: (ownerKind, ownerId) =>
      exec.read(async (db) =>
        inVerbOrder(
          (
            await db
              .select()
              .from(t.workflowSystemActions)
              .where(
                and(eq(t.workflowSystemActions.ownerKind, ownerKind), eq(t.workflowSystemActions.ownerId, ownerId)),
              )
          ).map(toMapping),
        ),
      ),
    listSystemActionsOfAction: (actionId) =>
      exec.read(async (db) =>
        inVerbOrder(
          (await db.select().from(t.workflowSystemActions).where(eq(t.workflowSystemActions.actionId, actionId))).map(
            toMapping,
          ),
        ),
      ),
    deleteSystemAction: (id) =>
      exec.write(
        async (db) => void (await db.delete(t.workflowSystemActions).where(eq(t.workflowSystemActions.id, id))),
      ),
  };
}

const toMapping = (row: Tables['workflowSystemActions']['$inferSelect']): SystemActionMapping => ({
  ...row,
  systemAction: row.systemAction as SystemActionName,
  ownerKind: row.ownerKind as SystemActionMapping['ownerKind'],
});

/** Mappings in the order of the verbs (then owner), whatever order the database answers in. */
function inVerbOrder(mappings: SystemActionMapping[]): SystemActionMapping[] {
  const rank = (m: SystemActionMapping) => SYSTEM_ACTION_NAMES.indexOf(m.systemAction);
  return mappings.sort(
    (a, b) => rank(a) - rank(b) || a.ownerKind.localeCompare(b.ownerKind) || a.ownerId.localeCompare(b.ownerId),
  );
}
