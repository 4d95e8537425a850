import { MASKED_SECRET } from '../../core/workflow/actionlet-parameters.js';
import type { MappingDetails } from '../../core/workflow/system-actions.js';
import type {
  ActionletAssociation,
  WorkflowAction,
  WorkflowHistoryEntry,
  WorkflowScheme,
  WorkflowStep,
} from '../../core/model/workflow.js';
import { CURRENT_STEP } from '../../core/model/workflow.js';
import type { Actionlet } from '../../core/plugin/actionlet.js';

export function schemeView(s: WorkflowScheme) {
  return {
    id: s.id,
    creationDate: s.creationDate,
    modDate: s.modDate,
    name: s.name,
    description: s.description,
    archived: s.archived,
    mandatory: s.mandatory,
    defaultScheme: s.defaultScheme,
    entryActionId: s.entryActionId,
    system: s.system,
  };
}

export function stepView(s: WorkflowStep) {
  return {
    id: s.id,
    creationDate: s.creationDate,
    name: s.name,
    schemeId: s.schemeId,
    myOrder: s.myOrder,
    resolved: s.resolved,
    enableEscalation: s.enableEscalation,
    escalationAction: s.escalationAction,
    escalationTime: s.escalationTime,
  };
}

export function actionView(a: WorkflowAction) {
  return {
    id: a.id,
    name: a.name,
    schemeId: a.schemeId,
    condition: a.condition,
    nextStep: a.nextStep,
    nextAssign: a.nextAssign,
    icon: a.icon,
    roleHierarchyForAssign: a.roleHierarchyForAssign,
    assignable: a.assignable,
    commentable: a.commentable,
    order: a.order,
    owner: a.owner,
    nextStepCurrentStep: a.nextStep === CURRENT_STEP,
    showOn: a.showOn,
    whoCanUse: a.whoCanUse,
  };
}

/** A catalogue entry; inside an association it is shown without `actionClass`. */
export function actionletDefinitionView(a: Actionlet, withClass = true) {
  const parameters = a.parameters.map((p) => ({
    displayName: p.displayName,
    key: p.key,
    defaultValue: p.defaultValue,
    required: p.required,
  }));
  return {
    name: a.name,
    parameters,
    nextStep: null,
    howTo: a.howTo,
    localizedName: a.name,
    localizedHowto: a.howTo,
    ...(withClass ? { actionClass: a.actionClass } : {}),
  };
}

function maskSecrets(parameters: Readonly<Record<string, string>>, actionlet: Actionlet | undefined) {
  const secrets = new Set(actionlet?.parameters.filter((p) => p.secret).map((p) => p.key));
  return Object.fromEntries(Object.entries(parameters).map(([k, v]) => [k, secrets.has(k) ? MASKED_SECRET : v]));
}

export function associationView(association: ActionletAssociation, actionlet: Actionlet | undefined) {
  return {
    id: association.id,
    actionId: association.actionId,
    name: association.name,
    order: association.order,
    clazz: association.actionClass,
    parameters: maskSecrets(association.parameters, actionlet),
    actionlet: actionlet ? actionletDefinitionView(actionlet, false) : null,
  };
}

/** A system action's mapping: the verb, the action it fires and whose mapping it is. */
export function systemActionMappingView({ mapping, action }: MappingDetails) {
  return {
    identifier: mapping.id,
    systemAction: mapping.systemAction,
    workflowAction: actionView(action),
    owner: mapping.ownerId,
    ownerScheme: mapping.ownerKind === 'scheme',
    ownerContentType: mapping.ownerKind === 'contentType',
  };
}

/** An entry of an item's workflow history, as the task-history endpoint shows it. */
export function historyEntryView(h: WorkflowHistoryEntry) {
  return {
    type: h.kind === 'comment' ? 'comment' : 'history',
    commentDescription: h.text,
    createdDate: h.createdAt,
    postedBy: h.userId,
    actionId: h.actionId,
    stepId: h.toStepId,
    languageId: h.languageId,
  };
}
