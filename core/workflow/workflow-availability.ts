import { checkItemKnown } from '../content/item-known.js';
import type { PermissionService } from '../auth/permission-service.js';
import type { Principal } from '../auth/principal.js';
import { requireContentType, type DefinitionCache } from '../definitions/definition-cache.js';
import { CmsError, Errors } from '../errors/index.js';
import { DEFAULT_LANGUAGE_ID } from '../model/language.js';
import type { WorkflowAction, WorkflowScheme, WorkflowStep, WorkflowTask } from '../model/workflow.js';
import type { Storage } from '../plugin/storage/index.js';
import { mayUse } from './fire-checks.js';
import type { WorkflowDefinitionService } from './workflow-definition-service.js';

/** An action offered to new content, with its scheme. */
export interface OfferedAction {
  scheme: WorkflowScheme;
  action: WorkflowAction;
}

/** Where an item stands: its task, or (for an item without one) where a first fire would start. */
export interface ItemStatus {
  scheme: WorkflowScheme | null;
  step: WorkflowStep | null;
  task: WorkflowTask | null;
}

/** What new content may be fired with, and where existing content stands in its workflow. */
export class WorkflowAvailabilityService {
  private readonly storage: Storage;
  private readonly workflows: WorkflowDefinitionService;
  private readonly definitions: DefinitionCache;
  private readonly permissions: PermissionService;

  constructor(options: {
    storage: Storage;
    workflows: WorkflowDefinitionService;
    definitions: DefinitionCache;
    permissions: PermissionService;
  }) {
    this.storage = options.storage;
    this.workflows = options.workflows;
    this.definitions = options.definitions;
    this.permissions = options.permissions;
  }

  /** The actions of the first step of each of the type's schemes that the caller may use. */
  async defaultActionsOfType(principal: Principal, typeIdOrVariable: string): Promise<OfferedAction[]> {
    const type = await requireContentType(await this.definitions.in(this.storage), typeIdOrVariable);
    return this.firstStepActions(principal, await this.workflows.schemesOf(type));
  }

  /** The same for schemes named by id (full or short). */
  async defaultActionsOfSchemes(principal: Principal, ids: readonly string[]): Promise<OfferedAction[]> {
    const wanted = ids.map((id) => id.trim()).filter(Boolean);
    if (wanted.length === 0) throw new CmsError(Errors.WORKFLOW_SCHEME_IDS_REQUIRED, undefined, { fieldName: 'ids' });
    const schemes = [];
    for (const id of wanted) schemes.push(await this.workflows.getScheme(id));
    return this.firstStepActions(principal, schemes);
  }

  /** Of the default actions, those offered when content is created: shown on NEW and in the editing screen. */
  async initialActionsOfType(principal: Principal, typeIdOrVariable: string): Promise<OfferedAction[]> {
    return (await this.defaultActionsOfType(principal, typeIdOrVariable)).filter(
      ({ action }) => action.showOn.includes('NEW') && action.showOn.includes('EDITING'),
    );
  }

  /** By identifier (in `languageId`, else the default language) or by inode (the version's language). */
  async status(principal: Principal, identifierOrInode: string, languageId?: number): Promise<ItemStatus> {
    const version = await this.storage.content.findVersion(identifierOrInode);
    const identifier = version?.identifier ?? identifierOrInode;
    const item = await this.storage.content.findIdentifier(identifier);
    if (!item) throw new CmsError(Errors.CONTENT_NOT_FOUND, { identifier: identifierOrInode });
    const definitions = await this.definitions.in(this.storage);
    const type = await requireContentType(definitions, item.contentTypeId);
    await checkItemKnown(
      this.storage,
      this.permissions.for(definitions, principal),
      { identifier: item, type },
      { permission: 'READ', unknown: () => new CmsError(Errors.CONTENT_NOT_FOUND, { identifier: identifierOrInode }) },
    );
    const task =
      (await this.storage.tasks.find(identifier, version?.languageId ?? languageId ?? DEFAULT_LANGUAGE_ID)) ?? null;
    if (task) {
      return {
        scheme: await this.workflows.getScheme(task.schemeId),
        step: await this.workflows.getStep(task.stepId),
        task,
      };
    }
    const [scheme] = await this.workflows.schemesOf(type);
    const [step] = scheme ? await this.storage.workflows.listSteps(scheme.id) : [];
    return { scheme: scheme ?? null, step: step ?? null, task: null };
  }

  private async firstStepActions(principal: Principal, schemes: readonly WorkflowScheme[]): Promise<OfferedAction[]> {
    const offered: OfferedAction[] = [];
    for (const scheme of schemes) {
      const [first] = await this.storage.workflows.listSteps(scheme.id);
      if (!first) continue;
      for (const action of await this.storage.workflows.listStepActions(first.id))
        if (await mayUse(this.storage, action, principal)) offered.push({ scheme, action });
    }
    return offered;
  }
}
