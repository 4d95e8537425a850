import { randomUUID } from 'node:crypto';
import type { ContentSubmission } from '../content/content-service.js';
import { requireContentType, type DefinitionCache, type Definitions } from '../definitions/definition-cache.js';
import { InvalidInputError, NotFoundError } from '../errors.js';
import type { ContentType } from '../model/content-type.js';
import {
  SYSTEM_ACTION_NAMES,
  type SystemActionMapping,
  type SystemActionName,
  type WorkflowAction,
} from '../model/workflow.js';
import type { Repositories, Storage } from '../plugin/storage-driver.js';
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
    throw new InvalidInputError(
      'WORKFLOW_SYSTEM_ACTION_UNKNOWN',
      `Unknown system action ${name}; one of ${SYSTEM_ACTION_NAMES.join(', ')}`,
    );
  }
  return verb;
}

/**
 * System actions: lifecycle verbs (NEW, EDIT, PUBLISH, ...) mapped to actions per scheme, and
 * overridable per content type, so that clients can fire them without knowing action ids.
 */
export class SystemActionService {
  constructor(
    private readonly storage: Storage,
    private readonly workflows: WorkflowDefinitionService,
    private readonly definitions: DefinitionCache,
  ) {}

  async map(input: SystemActionInput): Promise<MappingDetails> {
    const systemAction = parseSystemAction(input.systemAction ?? '');
    if (!input.actionId?.trim())
      throw new InvalidInputError('WORKFLOW_ACTION_REQUIRED', 'actionId is required', { fieldName: 'actionId' });
    const schemeId = input.schemeId?.trim() || undefined;
    const typeName = input.contentTypeVariable?.trim() || undefined;
    if (Boolean(schemeId) === Boolean(typeName)) {
      throw new InvalidInputError(
        'WORKFLOW_SYSTEM_ACTION_OWNER',
        'Send either schemeId or contentTypeVariable: the mapping belongs to one of them',
      );
    }
    return this.storage.transaction(async (tx) => {
      const action = await this.workflows.getAction(input.actionId!, tx);
      let owner: Pick<SystemActionMapping, 'ownerKind' | 'ownerId'>;
      if (schemeId) {
        const scheme = await this.workflows.getScheme(schemeId, tx);
        if (action.schemeId !== scheme.id)
          throw new InvalidInputError(
            'WORKFLOW_ACTION_NOT_IN_SCHEME',
            `The Workflow Action ${action.name} does not belong to the scheme ${scheme.name}`,
          );
        owner = { ownerKind: 'scheme', ownerId: scheme.id };
      } else {
        const type = await requireContentType(await this.definitions.in(tx), typeName!);
        if (!type.workflows.includes(action.schemeId)) {
          throw new InvalidInputError(
            'WORKFLOW_SCHEME_NOT_ATTACHED',
            `The Workflow Action ${action.name} belongs to a scheme that is not attached to the content type ${type.variable}`,
          );
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
      if (!mapping)
        throw new NotFoundError('WORKFLOW_SYSTEM_ACTION_NOT_FOUND', `System action mapping ${id} not found`);
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
    if (!mapping)
      throw new InvalidInputError(
        'WORKFLOW_SYSTEM_ACTION_UNMAPPED',
        `No action is mapped to ${verb} for the content type ${type.variable}`,
      );
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
    if (!ident) throw new NotFoundError('CONTENT_NOT_FOUND', `Content version ${target.inode} not found`);
    return ident.contentTypeId;
  }
  if (target.submission?.identifier) {
    const ident = await tx.content.findIdentifier(target.submission.identifier);
    if (!ident) throw new NotFoundError('CONTENT_NOT_FOUND', `Content ${target.submission.identifier} not found`);
    return ident.contentTypeId;
  }
  if (!target.submission?.contentType)
    throw new InvalidInputError(
      'WORKFLOW_FIRE_NO_CONTENT',
      'Send contentletFormData (or contentlet), or the query parameter inode',
    );
  return target.submission.contentType;
}
