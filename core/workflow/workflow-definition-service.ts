import type { SecretSealer } from '../plugin/secret-sealer.js';
import { randomUUID } from 'node:crypto';
import { CmsError, Errors } from '../errors/index.js';
import { actionletParameters, checkFieldsNamed, sealSecretParameters } from './actionlet-parameters.js';
import {
  escalationSeconds,
  requireName,
  requireText,
  showOnOf,
  type ActionInput,
  type ActionletInput,
  type SchemeInput,
  type StepInput,
} from './definition-input.js';
import {
  CURRENT_STEP,
  type ActionletAssociation,
  type WorkflowAction,
  type WorkflowScheme,
  type WorkflowStep,
} from '../model/workflow.js';
import type { Actionlet } from '../plugin/actionlet.js';
import { sortItems, type SchemeSortColumn, type Sort } from '../model/sort.js';
import type { ContentType } from '../model/content-type.js';
import type { Repositories, Storage } from '../plugin/storage/index.js';

export const NOTIFY_ASSIGNEE_CLASS = 'com.cms.portlets.workflows.actionlet.NotifyAssigneeActionlet';

/**
 * Schemes, steps, actions and their actionlet associations: the definitions the fire engine runs.
 * Identifiers are accepted in full or as the 10-character short form.
 */
export class WorkflowDefinitionService {
  private readonly storage: Storage;
  private readonly actionlets: (actionClass: string) => Actionlet | undefined;
  private readonly now: () => number;
  /** Seals secret parameter values before they are stored. */
  private readonly secrets?: SecretSealer;

  constructor(options: {
    storage: Storage;
    actionlets: (actionClass: string) => Actionlet | undefined;
    now?: () => number;
    /** Seals secret parameter values before they are stored. */
    secrets?: SecretSealer;
  }) {
    this.storage = options.storage;
    this.actionlets = options.actionlets;
    this.now = options.now ?? Date.now;
    this.secrets = options.secrets;
  }

  async createScheme(input: SchemeInput): Promise<WorkflowScheme> {
    const name = requireName(input.schemeName, 'schemeName', 'scheme');
    const now = this.now();
    const scheme: WorkflowScheme = {
      id: randomUUID(),
      name,
      description: input.schemeDescription ?? '',
      archived: input.schemeArchived ?? false,
      mandatory: false,
      defaultScheme: false,
      entryActionId: null,
      system: false,
      creationDate: now,
      modDate: now,
    };
    await this.storage.workflows.insertScheme(scheme);
    return scheme;
  }

  /** By name unless sorted otherwise. */
  async listSchemes(includeArchived = true, sort?: Sort<SchemeSortColumn>): Promise<WorkflowScheme[]> {
    const all = await this.storage.workflows.listSchemes();
    return sortItems(includeArchived ? all : all.filter((s) => !s.archived), sort);
  }

  async getScheme(id: string, tx: Repositories = this.storage): Promise<WorkflowScheme> {
    const resolved = await tx.workflows.resolveId('scheme', id);
    const scheme = resolved && (await tx.workflows.findScheme(resolved));
    if (!scheme) throw new CmsError(Errors.WORKFLOW_SCHEME_NOT_FOUND, { scheme: id });
    return scheme;
  }

  /** The schemes a content type is bound to, in binding order; bindings to removed schemes are skipped. */
  async schemesOf(type: Pick<ContentType, 'workflows'>): Promise<WorkflowScheme[]> {
    const schemes = await Promise.all(type.workflows.map((id) => this.storage.workflows.findScheme(id)));
    return schemes.filter((s): s is WorkflowScheme => s !== undefined);
  }

  async updateScheme(id: string, input: SchemeInput): Promise<WorkflowScheme> {
    return this.storage.transaction(async (tx) => {
      const current = await this.getScheme(id, tx);
      if (current.system && input.schemeArchived)
        throw new CmsError(Errors.WORKFLOW_SCHEME_SYSTEM, { operation: 'archived' });
      const updated: WorkflowScheme = {
        ...current,
        name: input.schemeName === undefined ? current.name : requireName(input.schemeName, 'schemeName', 'scheme'),
        description: input.schemeDescription ?? current.description,
        archived: input.schemeArchived ?? current.archived,
        modDate: this.now(),
      };
      await tx.workflows.updateScheme(updated);
      return updated;
    });
  }

  /** Only an archived scheme can be deleted, as in the original; the System Workflow never. */
  async deleteScheme(id: string): Promise<WorkflowScheme> {
    return this.storage.transaction(async (tx) => {
      const scheme = await this.getScheme(id, tx);
      if (scheme.system) throw new CmsError(Errors.WORKFLOW_SCHEME_SYSTEM, { operation: 'deleted' });
      if (!scheme.archived) throw new CmsError(Errors.WORKFLOW_SCHEME_NOT_ARCHIVED);
      await tx.workflows.deleteScheme(scheme.id);
      return scheme;
    });
  }

  async createStep(input: StepInput): Promise<WorkflowStep> {
    const name = requireName(input.stepName, 'stepName', 'step');
    return this.storage.transaction(async (tx) => {
      const scheme = await this.getScheme(requireText(input.schemeId, 'schemeId'), tx);
      const steps = await tx.workflows.listSteps(scheme.id);
      const escalationAction = input.escalationAction?.trim()
        ? (await this.getAction(input.escalationAction, tx)).id
        : null;
      const step: WorkflowStep = {
        id: randomUUID(),
        schemeId: scheme.id,
        name,
        myOrder: steps.length === 0 ? 0 : Math.max(...steps.map((s) => s.myOrder)) + 1,
        resolved: input.stepResolved ?? false,
        enableEscalation: input.enableEscalation ?? escalationAction !== null,
        escalationAction,
        escalationTime: escalationSeconds(input.escalationTime),
        creationDate: this.now(),
      };
      await tx.workflows.insertStep(step);
      return step;
    });
  }

  async getStep(id: string, tx: Repositories = this.storage): Promise<WorkflowStep> {
    const resolved = await tx.workflows.resolveId('step', id);
    const step = resolved && (await tx.workflows.findStep(resolved));
    if (!step) throw new CmsError(Errors.WORKFLOW_STEP_NOT_FOUND);
    return step;
  }

  async listSteps(schemeId: string): Promise<WorkflowStep[]> {
    const scheme = await this.getScheme(schemeId);
    return this.storage.workflows.listSteps(scheme.id);
  }

  async updateStep(id: string, input: StepInput & { stepOrder?: number }): Promise<WorkflowStep> {
    return this.storage.transaction(async (tx) => {
      const current = await this.getStep(id, tx);
      const updated: WorkflowStep = {
        ...current,
        name: input.stepName === undefined ? current.name : requireName(input.stepName, 'stepName', 'step'),
        resolved: input.stepResolved ?? current.resolved,
        enableEscalation: input.enableEscalation ?? current.enableEscalation,
        escalationAction:
          input.escalationAction === undefined
            ? current.escalationAction
            : input.escalationAction?.trim()
              ? (await this.getAction(input.escalationAction, tx)).id
              : null,
        escalationTime:
          input.escalationTime === undefined ? current.escalationTime : escalationSeconds(input.escalationTime),
        myOrder: input.stepOrder ?? current.myOrder,
      };
      await tx.workflows.updateStep(updated);
      return updated;
    });
  }

  /**
   * A step that still holds content, or that an action moves content to, cannot be deleted: items
   * would stand in, or be sent to, a step that does not exist.
   */
  async deleteStep(id: string): Promise<WorkflowStep> {
    return this.storage.transaction(async (tx) => {
      const step = await this.getStep(id, tx);
      if (await tx.tasks.anyInStep(step.id)) throw new CmsError(Errors.WORKFLOW_STEP_NOT_EMPTY, { step: step.name });
      const leading = (await tx.workflows.listActions(step.schemeId)).filter((a) => a.nextStep === step.id);
      if (leading.length > 0) {
        const actions = leading.map((a) => a.name).join(', ');
        throw new CmsError(Errors.WORKFLOW_STEP_IN_USE, { step: step.name, actions });
      }
      await tx.workflows.deleteStep(step.id);
      return step;
    });
  }

  async createAction(input: ActionInput, ownerId: string): Promise<WorkflowAction> {
    const name = requireName(input.actionName, 'actionName', 'action');
    return this.storage.transaction(async (tx) => {
      const scheme = await this.getScheme(requireText(input.schemeId, 'schemeId'), tx);
      const nextStep = await this.nextStepOf(tx, scheme.id, input.actionNextStep);
      const action: WorkflowAction = {
        id: randomUUID(),
        schemeId: scheme.id,
        name,
        condition: input.actionCondition ?? '',
        nextStep,
        nextAssign: input.actionNextAssign ?? '',
        icon: input.actionIcon?.trim() || 'workflowIcon',
        roleHierarchyForAssign: input.actionRoleHierarchyForAssign ?? false,
        assignable: input.actionAssignable ?? false,
        commentable: input.actionCommentable ?? false,
        order: 0,
        owner: ownerId,
        showOn: showOnOf(input.showOn ?? []),
        whoCanUse: [...new Set(input.whoCanUse ?? [])],
      };
      await tx.workflows.insertAction(action);
      // Every new action starts with one sub-action, as in the original.
      await tx.workflows.insertActionlet({
        id: randomUUID(),
        actionId: action.id,
        actionClass: NOTIFY_ASSIGNEE_CLASS,
        name: 'Notify Assignee',
        order: 0,
        parameters: {},
      });
      if (input.stepId) await this.attach(tx, input.stepId, action.id);
      return action;
    });
  }

  async getAction(id: string, tx: Repositories = this.storage): Promise<WorkflowAction> {
    const resolved = await tx.workflows.resolveId('action', id);
    const action = resolved && (await tx.workflows.findAction(resolved));
    if (!action) throw new CmsError(Errors.WORKFLOW_ACTION_NOT_FOUND);
    return action;
  }

  async listSchemeActions(schemeId: string): Promise<WorkflowAction[]> {
    const scheme = await this.getScheme(schemeId);
    return this.storage.workflows.listActions(scheme.id);
  }

  async listStepActions(stepId: string): Promise<WorkflowAction[]> {
    const step = await this.getStep(stepId);
    return this.storage.workflows.listStepActions(step.id);
  }

  /** An action as attached to a step: 404 when it is not attached there. */
  async getStepAction(stepId: string, actionId: string): Promise<WorkflowAction> {
    const step = await this.getStep(stepId);
    const action = await this.getAction(actionId);
    if (!(await this.storage.workflows.stepsOfAction(action.id)).includes(step.id)) {
      throw new CmsError(Errors.WORKFLOW_ACTION_NOT_IN_STEP, { action: actionId, step: step.name });
    }
    return action;
  }

  async updateAction(id: string, input: ActionInput): Promise<WorkflowAction> {
    return this.storage.transaction(async (tx) => {
      const current = await this.getAction(id, tx);
      if (input.schemeId !== undefined && (await this.getScheme(input.schemeId, tx)).id !== current.schemeId) {
        throw new CmsError(Errors.WORKFLOW_ACTION_SCHEME_IMMUTABLE, undefined, {
          fieldName: 'schemeId',
        });
      }
      const updated: WorkflowAction = {
        ...current,
        name: input.actionName === undefined ? current.name : requireName(input.actionName, 'actionName', 'action'),
        condition: input.actionCondition ?? current.condition,
        nextStep:
          input.actionNextStep === undefined
            ? current.nextStep
            : await this.nextStepOf(tx, current.schemeId, input.actionNextStep),
        nextAssign: input.actionNextAssign ?? current.nextAssign,
        icon: input.actionIcon?.trim() || current.icon,
        roleHierarchyForAssign: input.actionRoleHierarchyForAssign ?? current.roleHierarchyForAssign,
        assignable: input.actionAssignable ?? current.assignable,
        commentable: input.actionCommentable ?? current.commentable,
        showOn: input.showOn === undefined ? current.showOn : showOnOf(input.showOn),
        whoCanUse: input.whoCanUse === undefined ? current.whoCanUse : [...new Set(input.whoCanUse)],
      };
      await tx.workflows.updateAction(updated);
      return updated;
    });
  }

  async deleteAction(id: string): Promise<WorkflowAction> {
    return this.storage.transaction(async (tx) => {
      const action = await this.getAction(id, tx);
      await tx.workflows.deleteAction(action.id);
      return action;
    });
  }

  /** Attaches an action to a step of the same scheme. */
  attachToStep(stepId: string, actionId: string): Promise<void> {
    return this.storage.transaction((tx) => this.attach(tx, stepId, actionId));
  }

  async detachFromStep(stepId: string, actionId: string): Promise<void> {
    const action = await this.getStepAction(stepId, actionId);
    await this.storage.workflows.detachAction((await this.getStep(stepId)).id, action.id);
  }

  async listActionlets(actionId: string): Promise<ActionletAssociation[]> {
    const action = await this.getAction(actionId);
    return this.storage.workflows.listActionlets(action.id);
  }

  /**
   * Adds an actionlet at the end (or at `order`). Parameters are checked against what the actionlet
   * declares: one it does not declare is refused (a value that would never be read), as is a field it
   * names that no content type using the scheme has.
   */
  async addActionlet(actionId: string, input: ActionletInput): Promise<ActionletAssociation> {
    // The action first, as the original: an unknown action is a 404 whatever the body names.
    await this.getAction(actionId);
    const actionlet = this.actionlets(input.actionClass);
    if (!actionlet)
      throw new CmsError(
        Errors.WORKFLOW_ACTIONLET_UNKNOWN,
        { actionClass: input.actionClass },
        {
          // The request member that named it.
          fieldName: 'actionletClass',
        },
      );
    const parameters = actionletParameters(actionlet, input.parameters);
    const stored = sealSecretParameters(actionlet, parameters, this.secrets);
    return this.storage.transaction(async (tx) => {
      const action = await this.getAction(actionId, tx);
      await checkFieldsNamed(tx, {
        action,
        actionlet,
        parameters,
        schemeName: async () => (await this.getScheme(action.schemeId, tx)).name,
      });
      const existing = await tx.workflows.listActionlets(action.id);
      const association: ActionletAssociation = {
        id: randomUUID(),
        actionId: action.id,
        actionClass: actionlet.actionClass,
        name: actionlet.name,
        order: input.order ?? (existing.length === 0 ? 0 : Math.max(...existing.map((a) => a.order)) + 1),
        parameters: stored,
      };
      await tx.workflows.insertActionlet(association);
      return association;
    });
  }

  async removeActionlet(associationId: string): Promise<ActionletAssociation> {
    const association = await this.storage.workflows.findActionlet(associationId);
    if (!association) throw new CmsError(Errors.WORKFLOW_ACTIONLET_NOT_FOUND, { association: associationId });
    await this.storage.workflows.deleteActionlet(association.id);
    return association;
  }

  private async attach(tx: Repositories, stepId: string, actionId: string): Promise<void> {
    const step = await this.getStep(stepId, tx);
    const action = await this.getAction(actionId, tx);
    if (step.schemeId !== action.schemeId)
      throw new CmsError(Errors.WORKFLOW_ACTION_OTHER_SCHEME, undefined, { fieldName: 'actionId' });
    await tx.workflows.attachAction(step.id, action.id);
  }

  /** A step of the scheme, or `currentstep`. */
  private async nextStepOf(tx: Repositories, schemeId: string, requested: string | undefined): Promise<string> {
    const wanted = requested?.trim();
    if (!wanted || wanted.toLowerCase() === CURRENT_STEP) return CURRENT_STEP;
    const step = await this.getStep(wanted, tx);
    if (step.schemeId !== schemeId)
      throw new CmsError(Errors.WORKFLOW_NEXT_STEP_OTHER_SCHEME, undefined, { fieldName: 'actionNextStep' });
    return step.id;
  }
}
