import { randomUUID } from 'node:crypto';
import type { ContentSubmission } from '../content/content-service.js';
import { requireContentType, type DefinitionCache, type Definitions } from '../definitions/definition-cache.js';
import { CmsError, Errors } from '../errors/index.js';
import type { ContentType } from '../model/content-type.js';
import {
  SYSTEM_ACTION_NAMES,
  type SystemActionMapping,
  type SystemActionName,
  type WorkflowAction,
} from '../model/workflow.js';
import type { Repositories, Storage } from '../plugin/storage/index.js';
import type { WorkflowDefinitionService } from './workflow-definition-service.js';

export interface SystemActionInput {
  systemAction?: string;
  actionId?: string;
  /** Exactly one owner: a scheme, or a content type (by variable or id) that overrides its schemes. */
  schemeId?: string | null;
  contentTypeVariable?: string | null;
}

/** A mapping with what it points at, as the endpoints show it. */
export interface MappingDetails {
  mapping: SystemActionMapping;
  action: WorkflowAction;
}

export function parseSystemAction(name: string): SystemActionName {
  const verb = name.toUpperCase() as SystemActionName;
  if (!SYSTEM_ACTION_NAMES.includes(verb)) {
    throw new CmsError(Errors.WORKFLOW_SYSTEM_ACTION_UNKNOWN, { name, names: SYSTEM_ACTION_NAMES.join(', ') });
  }
  return verb;
}

/**
 * System actions: lifecycle verbs (NEW, EDIT, PUBLISH, ...) mapped to actions per scheme, and
 * overridable per content type, so that clients can fire them without knowing action ids.
 */
export class SystemActionService {
  private readonly storage: Storage;
  private readonly workflows: WorkflowDefinitionService;
  private readonly definitions: DefinitionCache;

  constructor(options: { storage: Storage; workflows: WorkflowDefinitionService; definitions: DefinitionCache }) {
    this.storage = options.storage;
    this.workflows = options.workflows;
    this.definitions = options.definitions;
  }

  async map(input: SystemActionInput): Promise<MappingDetails> {
    const systemAction = parseSystemAction(input.systemAction ?? '');
    if (!input.actionId?.trim())
      throw new CmsError(Errors.WORKFLOW_ACTION_REQUIRED, undefined, { fieldName: 'actionId' });
    const schemeId = input.schemeId?.trim() || undefined;
    const typeName = input.contentTypeVariable?.trim() || undefined;
    if (Boolean(schemeId) === Boolean(typeName)) {
      throw new CmsError(Errors.WORKFLOW_SYSTEM_ACTION_OWNER);
    }
    return this.storage.transaction(async (tx) => {
      const action = await this.workflows.getAction(input.actionId!, tx);
      let owner: Pick<SystemActionMapping, 'ownerKind' | 'ownerId'>;
      if (schemeId) {
        const scheme = await this.workflows.getScheme(schemeId, tx);
        if (action.schemeId !== scheme.id)
          throw new CmsError(Errors.WORKFLOW_ACTION_NOT_IN_SCHEME, { action: action.name, scheme: scheme.name });
        owner = { ownerKind: 'scheme', ownerId: scheme.id };
      } else {
        const type = await requireContentType(await this.definitions.in(tx), typeName!);
        if (!type.workflows.includes(action.schemeId)) {
          throw new CmsError(Errors.WORKFLOW_SCHEME_NOT_ATTACHED, { action: action.name, type: type.variable });
        }
        owner = { ownerKind: 'contentType', ownerId: type.id };
      }
      const replaced = (await tx.workflows.listSystemActions(owner.ownerKind, owner.ownerId)).find(
        (m) => m.systemAction === systemAction,
      );
      const mapping: SystemActionMapping = {
        id: replaced?.id ?? randomUUID(),
        systemAction,
        actionId: action.id,
        ...owner,
      };
      await tx.workflows.putSystemAction(mapping);
      return { mapping, action };
    });
  }

  /** A content type's own mappings (not those it takes from its schemes), as its answers show them. */
  async ownedBy(type: Pick<ContentType, 'id'>, tx: Repositories = this.storage): Promise<MappingDetails[]> {
    const own = await tx.workflows.listSystemActions('contentType', type.id);
    return Promise.all(
      own.map(async (mapping) => ({ mapping, action: await this.workflows.getAction(mapping.actionId, tx) })),
    );
  }

  /**
   * The mappings a content type's body sends (`{"NEW": actionId, ...}`), applied in the type's save
   * transaction as the original does: a verb with an action is mapped to it; on an update, a verb
   * sent without one, or not sent at all, loses the type's own mapping. Nothing sent changes nothing.
   */
  async applyToContentType(
    tx: Repositories,
    type: ContentType,
    sent: Readonly<Record<string, string | null>> | null | undefined,
    isNew: boolean,
  ): Promise<void> {
    if (sent == null) return;
    const wanted = new Map<SystemActionName, string>();
    for (const [name, actionId] of Object.entries(sent)) {
      const verb = parseSystemAction(name);
      if (actionId?.trim()) wanted.set(verb, actionId.trim());
    }
    const own = await tx.workflows.listSystemActions('contentType', type.id);
    for (const [systemAction, actionId] of wanted) {
      const action = await this.workflows.getAction(actionId, tx);
      if (!type.workflows.includes(action.schemeId)) {
        throw new CmsError(Errors.WORKFLOW_SCHEME_NOT_ATTACHED, { action: action.name, type: type.variable });
      }
      const replaced = own.find((m) => m.systemAction === systemAction);
      await tx.workflows.putSystemAction({
        id: replaced?.id ?? randomUUID(),
        systemAction,
        actionId: action.id,
        ownerKind: 'contentType',
        ownerId: type.id,
      });
    }
    if (isNew) return;
    for (const mapping of own) if (!wanted.has(mapping.systemAction)) await tx.workflows.deleteSystemAction(mapping.id);
  }

  async listForScheme(schemeId: string): Promise<MappingDetails[]> {
    const scheme = await this.workflows.getScheme(schemeId);
    return this.withActions(await this.storage.workflows.listSystemActions('scheme', scheme.id));
  }

  /** What each verb fires for the type: its own mapping, else that of the first of its schemes that maps the verb. */
  async listForContentType(idOrVariable: string): Promise<MappingDetails[]> {
    const definitions = await this.definitions.in(this.storage);
    const type = await requireContentType(definitions, idOrVariable);
    const effective: SystemActionMapping[] = [];
    for (const verb of SYSTEM_ACTION_NAMES) {
      const mapping = await effectiveMapping(definitions, type, verb);
      if (mapping) effective.push(mapping);
    }
    return this.withActions(effective);
  }

  async listForAction(actionId: string): Promise<MappingDetails[]> {
    const action = await this.workflows.getAction(actionId);
    return (await this.storage.workflows.listSystemActionsOfAction(action.id)).map((mapping) => ({ mapping, action }));
  }

  async delete(id: string): Promise<MappingDetails> {
    return this.storage.transaction(async (tx) => {
      const mapping = await tx.workflows.findSystemAction(id);
      if (!mapping) throw new CmsError(Errors.WORKFLOW_SYSTEM_ACTION_NOT_FOUND, { mapping: id });
      await tx.workflows.deleteSystemAction(id);
      return { mapping, action: await this.workflows.getAction(mapping.actionId, tx) };
    });
  }

  /** The action a system action fires for the item's content type. */
  async resolve(name: string, target: { inode?: string; submission?: ContentSubmission }): Promise<string> {
    const verb = parseSystemAction(name);
    const definitions = await this.definitions.in(this.storage);
    const type = await requireContentType(definitions, await typeIdOf(this.storage, target));
    const mapping = await effectiveMapping(definitions, type, verb);
    if (!mapping) throw new CmsError(Errors.WORKFLOW_SYSTEM_ACTION_UNMAPPED, { verb, type: type.variable });
    return mapping.actionId;
  }

  private async withActions(mappings: SystemActionMapping[]): Promise<MappingDetails[]> {
    return Promise.all(
      mappings.map(async (mapping) => ({ mapping, action: await this.workflows.getAction(mapping.actionId) })),
    );
  }
}

async function effectiveMapping(
  definitions: Definitions,
  type: ContentType,
  verb: SystemActionName,
): Promise<SystemActionMapping | undefined> {
  const own = (await definitions.systemActions('contentType', type.id)).find((m) => m.systemAction === verb);
  if (own) return own;
  for (const schemeId of type.workflows) {
    const mapped = (await definitions.systemActions('scheme', schemeId)).find((m) => m.systemAction === verb);
    if (mapped) return mapped;
  }
  return undefined;
}

async function typeIdOf(tx: Repositories, target: { inode?: string; submission?: ContentSubmission }): Promise<string> {
  if (target.inode) {
    const version = await tx.content.findVersion(target.inode);
    const ident = version && (await tx.content.findIdentifier(version.identifier));
    if (!ident) throw new CmsError(Errors.CONTENT_VERSION_NOT_FOUND, { inode: target.inode });
    return ident.contentTypeId;
  }
  if (target.submission?.identifier) {
    const ident = await tx.content.findIdentifier(target.submission.identifier);
    if (!ident) throw new CmsError(Errors.CONTENT_NOT_FOUND, { identifier: target.submission.identifier });
    return ident.contentTypeId;
  }
  if (!target.submission?.contentType) throw new CmsError(Errors.WORKFLOW_FIRE_NO_CONTENT);
  return target.submission.contentType;
}
