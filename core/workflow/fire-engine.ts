import type { SystemEventBus } from '../events/system-event-bus.js';
import type { SecretSealer } from '../plugin/secret-sealer.js';
import type { PermissionService } from '../auth/permission-service.js';
import type { Principal } from '../auth/principal.js';
import type { ContentService, ContentSubmission } from '../content/content-service.js';
import { checkItemKnown } from '../content/item-known.js';
import type { DefinitionCache, Definitions } from '../definitions/definition-cache.js';
import { CmsError, Errors } from '../errors/index.js';
import type { Logger } from '../logger.js';
import type { ContentType } from '../model/content-type.js';
import type { Contentlet } from '../model/contentlet.js';
import type { Field } from '../model/field.js';
import type { WorkflowAction } from '../model/workflow.js';
import type { Actionlet } from '../plugin/actionlet.js';
import type { MailMessage } from '../plugin/mail-transport.js';
import type { Repositories, Storage } from '../plugin/storage/index.js';
import type { IndexPolicy } from '../search/index-policy.js';
import type { IndexQueue } from '../search/index-queue.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { actionIdByName } from './action-by-name.js';
import { checkAvailable, checkWhoCanUse, mayUse, resolveActionlets } from './fire-checks.js';
import { locateItem, unknownItem, type FireItem, type ItemLocator } from './fire-item.js';
import { FireSession } from './fire-session.js';

export interface FireRequest {
  actionId: string;
  principal: Principal;
  /** Fire on this version's item. */
  inode?: string;
  /** New content, or new values for existing content (when it carries `identifier`). */
  submission?: ContentSubmission;
  comment?: string;
  /** A user or role id, honoured when the action is assignable. */
  assign?: string;
  /** How long the answer waits for the search index (the default: the installation's). */
  indexPolicy?: IndexPolicy;
  /** An update removes the field values it does not send (the legacy content save); relationships not sent are kept. */
  replaceAll?: boolean;
  /** The action must hold an actionlet that saves content: the caller sent content and nothing else would keep it. */
  requireSave?: boolean;
}

export interface FireResult {
  identifier: string;
  languageId: number;
  /** Null when the fire removed the item. */
  contentlet: Contentlet | null;
  type: ContentType;
  fields: readonly Field[];
  messages: string[];
}

export interface FireEngineDependencies {
  storage: Storage;
  content: ContentService;
  definitions: DefinitionCache;
  permissions: PermissionService;
  actionlet(actionClass: string): Actionlet | undefined;
  render(template: string, context: Record<string, unknown>): string;
  sendMail(message: Omit<MailMessage, 'from'> & { from?: string }): Promise<void>;
  logger: Logger;
  now?: () => number;
  /** Where the fire's changes are queued for the search index. */
  indexQueue?: IndexQueue;
  /** Where actionlets write durable jobs (`enqueue`, `mail`). */
  jobs: JobQueue;
  /** Opens the secret parameters of actionlets, stored sealed. */
  secrets?: SecretSealer;
  /** Where the fire's user messages are raised as events (content events come from the content service). */
  events?: SystemEventBus;
}

/**
 * Fires workflow actions: checks the conditions, runs the actionlets in order inside one
 * transaction, moves the item's task, writes history; side effects that leave the process run only
 * after the commit, through the transaction's unit of work.
 */
export class FireEngine {
  private readonly now: () => number;

  constructor(private readonly deps: FireEngineDependencies) {
    this.now = deps.now ?? Date.now;
  }

  fire(request: FireRequest): Promise<FireResult> {
    return this.deps.storage.transaction((tx) => this.fireIn(tx, request));
  }

  private async fireIn(tx: Repositories, request: FireRequest): Promise<FireResult> {
    const definitions = await this.deps.definitions.in(tx);
    const action = await definitions.action(request.actionId);
    if (!action) throw new CmsError(Errors.WORKFLOW_ACTION_NOT_FOUND);
    const item = await locateItem(tx, definitions, this.deps.content, request);
    // Any fire on an existing item needs READ on it; what the actionlets change needs more (the session checks).
    await this.checkExisting(definitions, item, request, request.principal);
    if (request.indexPolicy) this.deps.indexQueue?.require(tx, request.indexPolicy);
    const start = await checkAvailable(definitions, action, item, request.actionId);
    await checkWhoCanUse(tx, action, request.principal);
    const runs = resolveActionlets(
      action,
      await definitions.actionlets(action.id),
      this.deps.actionlet,
      this.deps.secrets,
    );
    if (request.requireSave && !runs.some((run) => run.actionlet.savesContent)) {
      throw new CmsError(Errors.WORKFLOW_ACTION_NO_SAVE, { action: action.name });
    }

    const session = new FireSession(
      { ...this.deps, now: this.now },
      {
        ...request,
        tx,
        definitions,
        action,
        item,
        start,
        submittedValues: request.submission?.values ?? {},
        submittedUploads: request.submission?.uploads,
        submittedProblems: request.submission?.problems,
      },
    );
    for (const { actionlet, params } of runs) {
      if (actionlet.preSave) await actionlet.preSave(session.contextFor(actionlet, params));
    }
    for (const { actionlet, params } of runs) {
      if (session.stopped) break;
      await actionlet.run(session.contextFor(actionlet, params));
    }
    const identifier = session.identifier;
    if (!identifier) {
      throw new CmsError(Errors.WORKFLOW_ACTION_SAVES_NOTHING, { action: action.name });
    }
    if (!session.removed) {
      await session.moveTask(identifier);
      // The documents carry the workflow step, which a fire that changes nothing else still moves.
      await session.queueForIndex();
    }
    const contentlet =
      session.contentlet === undefined
        ? await this.deps.content.get(tx, identifier, { languageId: item.languageId })
        : session.contentlet;
    return {
      identifier,
      languageId: item.languageId,
      contentlet,
      type: item.type,
      fields: await definitions.fields(item.type.id),
      messages: session.messages,
    };
  }

  /** The id of the action named `name` for the item (see `actionIdByName`), for a fire by name. */
  async actionIdByName(name: string | undefined, target: ItemLocator, principal: Principal): Promise<string> {
    await this.requireReadable(target, principal);
    const tx = this.deps.storage;
    const context = { tx, definitions: await this.deps.definitions.in(tx), content: this.deps.content };
    return actionIdByName(context, name, target, principal);
  }

  /**
   * Before anything about an existing item the request names is worked out (which action a name or
   * a system action means), the caller must be able to read it; otherwise the answer is that of an
   * item that does not exist. New content passes: what creating needs is checked when it is fired.
   */
  async requireReadable(target: ItemLocator, principal: Principal): Promise<void> {
    if (!target.inode && !target.submission?.identifier) return;
    const tx = this.deps.storage;
    const definitions = await this.deps.definitions.in(tx);
    const item = await locateItem(tx, definitions, this.deps.content, target);
    await this.checkExisting(definitions, item, target, principal);
  }

  /** READ on the existing item a fire names; one the caller may not read is answered as unknown. */
  private async checkExisting(definitions: Definitions, item: FireItem, request: ItemLocator, principal: Principal) {
    const existing = item.current?.identifier ?? item.found;
    if (!existing) return;
    const check = this.deps.permissions.for(definitions, principal);
    await checkItemKnown(
      this.deps.storage,
      check,
      { identifier: existing, type: item.type },
      { permission: 'READ', unknown: () => unknownItem(request) },
    );
  }

  /** The actions of the item's current step (or of the first steps, for an item without a task) the caller may fire. */
  async availableActions(inode: string, principal: Principal): Promise<WorkflowAction[]> {
    const tx = this.deps.storage;
    const definitions = await this.deps.definitions.in(tx);
    const current = await this.deps.content.getByInode(tx, inode);
    const type = (await definitions.contentType(current.identifier.contentTypeId))!;
    const check = this.deps.permissions.for(definitions, principal);
    await checkItemKnown(
      tx,
      check,
      { identifier: current.identifier, type },
      { permission: 'READ', unknown: () => unknownItem({ inode }) },
    );
    const task = await tx.tasks.find(current.identifier.identifier, current.version.languageId);
    const firstSteps = async () =>
      (await Promise.all(type.workflows.map(async (schemeId) => (await definitions.steps(schemeId))[0]?.id))).filter(
        (id): id is string => id !== undefined,
      );
    const stepIds = task ? [task.stepId] : await firstSteps();
    const allowed: WorkflowAction[] = [];
    for (const stepId of stepIds) {
      for (const action of await definitions.stepActions(stepId)) {
        if (await mayUse(tx, action, principal)) allowed.push(action);
      }
    }
    return allowed;
  }
}
