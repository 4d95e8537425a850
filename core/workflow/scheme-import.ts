/**
 * Reads an export into a scheme graph, checking every reference and every actionlet before anything
 * is written: an import is taken whole or not at all.
 */
import { randomUUID } from 'node:crypto';
import { CmsError, Errors } from '../errors/index.js';
import {
  CURRENT_STEP,
  type ActionletAssociation,
  type SystemActionMapping,
  type WorkflowAction,
  type WorkflowScheme,
  type WorkflowStep,
} from '../model/workflow.js';
import type { Actionlet } from '../plugin/actionlet.js';
import type { SecretSealer } from '../plugin/secret-sealer.js';
import type { Repositories } from '../plugin/storage/index.js';
import { actionletParameters, sealSecretParameters } from './actionlet-parameters.js';
import { escalationSeconds, requireName, showOnOf } from './definition-input.js';
import { PERMISSION_USE, type ExportedPermission, type SchemeExport } from './scheme-export-format.js';
import type { SchemeGraph, StepActionLink } from './scheme-graph.js';
import { parseSystemAction } from './system-actions.js';

export interface ImportContext {
  tx: Repositories;
  actionlets: (actionClass: string) => Actionlet | undefined;
  secrets: SecretSealer | undefined;
  /** The importing user: the owner of the imported actions. */
  ownerId: string;
  now: number;
}

export async function graphFromExport(input: SchemeExport, context: ImportContext): Promise<SchemeGraph> {
  const object = input.workflowObject;
  if (object.schemes.length === 0) throw new CmsError(Errors.WORKFLOW_IMPORT_EMPTY);
  await refuseExisting(context.tx, object);
  const schemes = object.schemes.map((s) => scheme(s, context.now));
  const schemeIds = new Set(schemes.map((s) => s.id));
  const refer = (known: boolean, params: { what: string; id: string; target: string; ref: string }) => {
    if (!known) throw new CmsError(Errors.WORKFLOW_IMPORT_REFERENCE, params);
  };
  object.steps.forEach((s) =>
    refer(schemeIds.has(s.schemeId), { what: 'step', id: s.id, target: 'the scheme', ref: s.schemeId }),
  );
  object.actions.forEach((a) =>
    refer(schemeIds.has(a.schemeId), { what: 'action', id: a.id, target: 'the scheme', ref: a.schemeId }),
  );
  const stepScheme = new Map(object.steps.map((s) => [s.id, s.schemeId]));
  const actionScheme = new Map(object.actions.map((a) => [a.id, a.schemeId]));
  const whoCanUse = usersOf(input.permissions ?? []);

  const actions: WorkflowAction[] = object.actions.map((a, index) => {
    const nextStep = a.nextStep?.trim() || CURRENT_STEP;
    if (nextStep.toLowerCase() !== CURRENT_STEP)
      refer(stepScheme.get(nextStep) === a.schemeId, {
        what: 'action',
        id: a.id,
        target: 'the next step',
        ref: nextStep,
      });
    return {
      id: a.id,
      schemeId: a.schemeId,
      name: requireName(a.name, 'actionName', 'action'),
      condition: a.condition ?? '',
      nextStep: nextStep.toLowerCase() === CURRENT_STEP ? CURRENT_STEP : nextStep,
      nextAssign: a.nextAssign ?? '',
      icon: a.icon?.trim() || 'workflowIcon',
      roleHierarchyForAssign: a.roleHierarchyForAssign ?? false,
      assignable: a.assignable ?? false,
      commentable: a.commentable ?? false,
      order: a.order ?? index,
      owner: context.ownerId,
      showOn: showOnOf(a.showOn ?? []),
      whoCanUse: whoCanUse.get(a.id) ?? [],
    };
  });
  const steps: WorkflowStep[] = object.steps.map((s, index) => {
    const escalation = s.escalationAction?.trim() || null;
    if (escalation)
      refer(actionScheme.get(escalation) === s.schemeId, {
        what: 'step',
        id: s.id,
        target: 'the escalation action',
        ref: escalation,
      });
    return {
      id: s.id,
      schemeId: s.schemeId,
      name: requireName(s.name, 'stepName', 'step'),
      myOrder: s.myOrder ?? index,
      resolved: s.resolved ?? false,
      enableEscalation: s.enableEscalation ?? escalation !== null,
      escalationAction: escalation,
      escalationTime: escalationSeconds(s.escalationTime),
      creationDate: s.creationDate ?? context.now,
    };
  });
  const links: StepActionLink[] = object.actionSteps.map((l, index) => {
    const link = `${l.stepId}/${l.actionId}`;
    refer(stepScheme.has(l.stepId), { what: 'step-action link', id: link, target: 'the step', ref: l.stepId });
    const sameScheme = actionScheme.get(l.actionId) === stepScheme.get(l.stepId);
    refer(sameScheme, { what: 'step-action link', id: link, target: 'the action', ref: l.actionId });
    const position = Number(l.actionOrder);
    return { stepId: l.stepId, actionId: l.actionId, position: Number.isInteger(position) ? position : index };
  });
  return {
    schemes,
    steps,
    actions,
    links,
    actionlets: associations(input, context, (id, ref) =>
      refer(actionScheme.has(ref), { what: 'actionlet', id, target: 'the action', ref }),
    ),
    mappings: mappings(input, (id, ref, owner) =>
      refer(actionScheme.get(ref) === owner, { what: 'system action mapping', id, target: 'the action', ref }),
    ),
  };
}

/** Import keeps the exported ids, so an id already in use means the scheme (or part of it) is here already. */
async function refuseExisting(tx: Repositories, object: SchemeExport['workflowObject']): Promise<void> {
  for (const s of object.schemes)
    if (await tx.workflows.findScheme(s.id))
      throw new CmsError(Errors.WORKFLOW_IMPORT_EXISTS, { what: 'Workflow scheme', id: s.id });
  for (const s of object.steps)
    if (await tx.workflows.findStep(s.id))
      throw new CmsError(Errors.WORKFLOW_IMPORT_EXISTS, { what: 'Workflow step', id: s.id });
  for (const a of object.actions)
    if (await tx.workflows.findAction(a.id))
      throw new CmsError(Errors.WORKFLOW_IMPORT_EXISTS, { what: 'Workflow action', id: a.id });
}

function scheme(s: SchemeExport['workflowObject']['schemes'][number], now: number): WorkflowScheme {
  return {
    id: s.id,
    name: requireName(s.name, 'schemeName', 'scheme'),
    description: s.description ?? '',
    archived: s.archived ?? false,
    mandatory: s.mandatory ?? false,
    // The installation's own default and system schemes stay what they are.
    defaultScheme: false,
    entryActionId: null,
    system: false,
    creationDate: s.creationDate ?? now,
    modDate: now,
  };
}

/** Who may use each action: role keys where the export gives them (ids differ between installations). */
function usersOf(permissions: readonly ExportedPermission[]): Map<string, string[]> {
  const byAction = new Map<string, string[]>();
  for (const p of permissions) {
    if ((p.permission & PERMISSION_USE) === 0) continue;
    const who = p.roleKey?.trim() || p.roleId;
    const list = byAction.get(p.inode) ?? [];
    if (!list.includes(who)) list.push(who);
    byAction.set(p.inode, list);
  }
  return byAction;
}

/**
 * Each actionlet must be installed here, and its parameters pass the same checks as when it is added
 * to an action. A secret exported as the mask is refused like one sent back from an answer: the value
 * never left its installation, and keeping the mask would only make every fire fail later.
 */
function associations(
  input: SchemeExport,
  context: ImportContext,
  refer: (id: string, actionId: string) => void,
): ActionletAssociation[] {
  const { actionClasses, actionClassParams } = input.workflowObject;
  return actionClasses.map((c, index) => {
    refer(c.id, c.actionId);
    const actionlet = context.actionlets(c.clazz);
    if (!actionlet) throw new CmsError(Errors.WORKFLOW_ACTIONLET_UNKNOWN, { actionClass: c.clazz });
    const sent: Record<string, string> = {};
    for (const p of actionClassParams) if (p.actionClassId === c.id && p.value !== null) sent[p.key] = p.value;
    const parameters = actionletParameters(actionlet, sent);
    return {
      id: randomUUID(),
      actionId: c.actionId,
      actionClass: actionlet.actionClass,
      name: actionlet.name,
      order: c.order ?? index,
      parameters: sealSecretParameters(actionlet, parameters, context.secrets),
    };
  });
}

function mappings(
  input: SchemeExport,
  refer: (id: string, actionId: string, owner: string) => void,
): SystemActionMapping[] {
  return (input.workflowObject.schemeSystemActionWorkflowActionMappings ?? []).map((m) => {
    const id = m.identifier ?? `${m.owner}/${m.systemAction}`;
    refer(id, m.workflowAction.id, m.owner);
    return {
      id: randomUUID(),
      systemAction: parseSystemAction(m.systemAction),
      actionId: m.workflowAction.id,
      ownerKind: 'scheme',
      ownerId: m.owner,
    };
  });
}
