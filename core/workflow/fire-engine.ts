import { randomUUID } from 'node:crypto';
import type { Principal } from '../auth/principal.js';
import type { ContentService, ContentSubmission } from '../content/content-service.js';
import { requireContentType, type DefinitionCache, type Definitions } from '../definitions/definition-cache.js';
import { ForbiddenError, InvalidInputError, NotFoundError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { ContentType } from '../model/content-type.js';
import type { Contentlet } from '../model/contentlet.js';
import type { Field } from '../model/field.js';
import { DEFAULT_LANGUAGE_ID } from '../model/language.js';
import { CURRENT_STEP, type ActionletAssociation, type WorkflowAction, type WorkflowTask } from '../model/workflow.js';
import type { Actionlet, ActionletContext } from '../plugin/actionlet.js';
import type { MailMessage } from '../plugin/mail-transport.js';
import type { Repositories, Storage } from '../plugin/storage-driver.js';

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
  actionlet(actionClass: string): Actionlet | undefined;
  render(template: string, context: Record<string, unknown>): string;
  sendMail(message: Omit<MailMessage, 'from'> & { from?: string }): Promise<void>;
  logger: Logger;
  now?: () => number;
}

let historySequence = 0;

/** Where the item stands before the fire. */
interface Item {
  identifier: string | null;
  languageId: number;
  type: ContentType;
  current: Contentlet | undefined;
  task: WorkflowTask | undefined;
}

/**
 * Fires workflow actions: checks the conditions, runs the actionlets in order inside one
 * transaction, moves the item's task, writes history; side effects that leave the process run only
 * after the commit.
 */
export class FireEngine {
  private readonly now: () => number;

  constructor(private readonly deps: FireEngineDependencies) {
    this.now = deps.now ?? Date.now;
  }

  /** Side effects that leave the process run after the commit, through the transaction's unit of work. */
  fire(request: FireRequest): Promise<FireResult> {
    return this.deps.storage.transaction((tx) => this.fireIn(tx, request));
  }

  private async fireIn(tx: Repositories, request: FireRequest): Promise<FireResult> {
    const { content } = this.deps;
    const definitions = await this.deps.definitions.in(tx);
    const action = await definitions.action(request.actionId);
    if (!action) throw new NotFoundError('WORKFLOW_ACTION_NOT_FOUND', 'The Workflow Action does not exist');
    const item = await this.locate(tx, definitions, request);
    if (!item.type.workflows.includes(action.schemeId)) {
      throw new InvalidInputError(
        'WORKFLOW_SCHEME_NOT_ATTACHED',
        `The Workflow Action [${request.actionId}] belongs to a scheme that is not attached to the content type ${item.type.variable}`,
      );
    }
    const steps = await definitions.steps(action.schemeId);
    const inScheme = item.task && item.task.schemeId === action.schemeId;
    const currentStepId = inScheme ? item.task!.stepId : item.task ? undefined : steps[0]?.id;
    const available = currentStepId ? await definitions.stepActions(currentStepId) : [];
    if (!available.some((a) => a.id === action.id)) {
      throw new InvalidInputError(
        'WORKFLOW_ACTION_NOT_AVAILABLE',
        `The Workflow Action [${request.actionId}] is not available in the Workflow Step the content is currently in.`,
      );
    }
    await this.checkWhoCanUse(tx, action, request.principal);
    const runs = this.resolveActionlets(action, await definitions.actionlets(action.id));

    const state = {
      values: { ...(item.current?.version.values ?? {}), ...(request.submission?.values ?? {}) } as Record<
        string,
        unknown
      >,
      submitted: { ...(request.submission?.values ?? {}) } as Record<string, unknown>,
      current: item.current,
      identifier: item.identifier,
      savedInFire: false,
      removed: false,
      stopped: false,
      resetToStep: undefined as string | undefined,
      messages: [] as string[],
    };
    const userId = request.principal.user.userId;
    const comment = action.commentable && request.comment?.trim() ? request.comment.trim() : null;
    const assignee =
      action.assignable && request.assign?.trim()
        ? request.assign.trim()
        : action.nextAssign || item.task?.assignedTo || null;
    const requireItem = (what: string): string => {
      if (!state.identifier)
        throw new InvalidInputError('WORKFLOW_CONTENT_NOT_SAVED', `The content must be saved before it can be ${what}`);
      return state.identifier;
    };
    // Every change in this fire goes through `remember`, so the item as last seen is current and need not be read again.
    const currentItem = (what: string) => state.current ?? requireItem(what);
    const remember = (c: Contentlet) => {
      state.current = c;
      state.identifier = c.identifier.identifier;
      state.values = { ...c.version.values };
    };
    const save = async (draft: boolean) => {
      const submission: ContentSubmission = {
        contentType: item.type.id,
        identifier: state.identifier ?? undefined,
        languageId: item.languageId,
        values: state.submitted,
      };
      const saved = draft
        ? await content.saveDraft(tx, submission, { userId })
        : await content.saveWorkingVersion(tx, submission, { userId });
      state.messages.push(...saved.messages);
      state.savedInFire = true;
      remember(saved.contentlet);
    };
    const render = (template: string) =>
      this.deps.render(template, {
        content: {
          ...state.values,
          identifier: state.identifier,
          inode: state.current?.version.inode,
          title: state.current?.version.title ?? '',
          contentType: item.type.variable,
        },
        user: {
          userId,
          email: request.principal.user.email,
          firstName: request.principal.user.firstName,
          lastName: request.principal.user.lastName,
        },
        workflow: { action: action.name, comment },
      });

    const context = (params: Record<string, string>, actionlet: Actionlet): ActionletContext => ({
      params,
      logger: this.deps.logger.child({ actionlet: actionlet.actionClass }),
      get item() {
        return {
          identifier: state.identifier,
          inode: state.current?.version.inode ?? null,
          languageId: item.languageId,
          contentType: item.type.variable,
          values: state.values,
          title: state.current?.version.title ?? '',
        };
      },
      user: {
        userId,
        email: request.principal.user.email,
        firstName: request.principal.user.firstName,
        lastName: request.principal.user.lastName,
      },
      comment,
      content: {
        save: () => save(false),
        saveDraft: () => save(true),
        publish: async () => remember(await content.publish(tx, currentItem('published'), item.languageId)),
        unpublish: async () => remember(await content.unpublish(tx, currentItem('unpublished'), item.languageId)),
        archive: async () => remember(await content.archive(tx, currentItem('archived'), item.languageId)),
        unarchive: async () => remember(await content.unarchive(tx, currentItem('unarchived'), item.languageId)),
        lock: async () => remember(await content.lock(tx, currentItem('locked'), item.languageId, userId)),
        unlock: async () => remember(await content.unlock(tx, currentItem('unlocked'), item.languageId)),
        delete: async () => {
          const id = requireItem('deleted');
          await content.delete(tx, id, item.languageId);
          await tx.tasks.delete(id, item.languageId);
          state.removed = true;
        },
        destroy: async () => {
          const id = requireItem('destroyed');
          await content.destroy(tx, id);
          await tx.tasks.delete(id);
          state.removed = true;
        },
        copy: async () => {
          const copied = await content.copy(tx, requireItem('copied'), item.languageId, userId);
          state.messages.push(`Copied as ${copied.contentlet.identifier.identifier}`);
        },
        setValue: async (variable, value) => {
          state.submitted[variable] = value;
          state.values[variable] = value;
          if (state.savedInFire) await save(false);
        },
      },
      workflow: {
        addComment: async (text) => {
          await this.history(
            tx,
            requireItem('commented on'),
            item.languageId,
            'comment',
            text,
            null,
            null,
            null,
            userId,
          );
        },
        resetToFirstStep: async () => {
          state.resetToStep = steps[0]?.id;
        },
        assigneeEmails: () => assigneeEmails(tx, assignee),
      },
      render,
      stopProcessing: () => {
        state.stopped = true;
      },
      afterCommit: (effect) => tx.afterCommit(effect, { identifier: state.identifier, what: actionlet.actionClass }),
      sendMail: (message) => this.deps.sendMail(message),
    });

    for (const { actionlet, params } of runs)
      if (actionlet.preSave) await actionlet.preSave(context(params, actionlet));
    for (const { actionlet, params } of runs) {
      if (state.stopped) break;
      await actionlet.run(context(params, actionlet));
    }
    if (!state.identifier)
      throw new InvalidInputError(
        'WORKFLOW_CONTENT_NOT_SAVED',
        `The action ${action.name} does not save the content, so nothing was created`,
      );

    const identifier = state.identifier;
    const fromStep = currentStepId ?? null;
    if (!state.removed) {
      const toStep = state.resetToStep ?? (action.nextStep === CURRENT_STEP ? fromStep! : action.nextStep);
      const now = this.now();
      await tx.tasks.put({
        identifier,
        languageId: item.languageId,
        schemeId: action.schemeId,
        stepId: toStep,
        assignedTo: assignee,
        createdBy: item.task?.createdBy ?? userId,
        creationDate: item.task?.creationDate ?? now,
        modDate: now,
      });
      await this.history(tx, identifier, item.languageId, 'action', action.name, action.id, fromStep, toStep, userId);
      if (comment)
        await this.history(tx, identifier, item.languageId, 'comment', comment, action.id, null, null, userId);
    }
    const contentlet = state.removed
      ? null
      : (state.current ?? (await content.get(tx, identifier, { languageId: item.languageId })));
    return {
      identifier,
      languageId: item.languageId,
      contentlet,
      type: item.type,
      fields: await definitions.fields(item.type.id),
      messages: state.messages,
    };
  }

  /** The actions of the item's current step (or of the first steps, for an item without a task) the caller may fire. */
  async availableActions(inode: string, principal: Principal): Promise<WorkflowAction[]> {
    const tx = this.deps.storage;
    const definitions = await this.deps.definitions.in(tx);
    const current = await this.deps.content.getByInode(tx, inode);
    const type = (await definitions.contentType(current.identifier.contentTypeId))!;
    const task = await tx.tasks.find(current.identifier.identifier, current.version.languageId);
    const stepIds = task
      ? [task.stepId]
      : (await Promise.all(type.workflows.map(async (schemeId) => (await definitions.steps(schemeId))[0]?.id))).filter(
          (id): id is string => id !== undefined,
        );
    const allowed: WorkflowAction[] = [];
    for (const stepId of stepIds) {
      for (const action of await definitions.stepActions(stepId)) {
        if (
          await this.checkWhoCanUse(tx, action, principal).then(
            () => true,
            () => false,
          )
        )
          allowed.push(action);
      }
    }
    return allowed;
  }

  private async locate(tx: Repositories, definitions: Definitions, request: FireRequest): Promise<Item> {
    const { content } = this.deps;
    if (request.inode) {
      const current = await content.getByInode(tx, request.inode);
      const type = (await definitions.contentType(current.identifier.contentTypeId))!;
      return {
        identifier: current.identifier.identifier,
        languageId: current.version.languageId,
        type,
        current,
        task: await tx.tasks.find(current.identifier.identifier, current.version.languageId),
      };
    }
    const submission = request.submission;
    if (!submission)
      throw new InvalidInputError(
        'WORKFLOW_FIRE_NO_CONTENT',
        'Send contentletFormData (or contentlet), or the query parameter inode',
      );
    const languageId = submission.languageId ?? DEFAULT_LANGUAGE_ID;
    if (submission.identifier) {
      const ident = await tx.content.findIdentifier(submission.identifier);
      if (!ident) throw new NotFoundError('CONTENT_NOT_FOUND', `Content ${submission.identifier} not found`);
      const type = (await definitions.contentType(ident.contentTypeId))!;
      const current = (await tx.content.findState(ident.identifier, languageId))
        ? await content.get(tx, ident.identifier, { languageId })
        : undefined;
      return {
        identifier: ident.identifier,
        languageId,
        type,
        current,
        task: await tx.tasks.find(ident.identifier, languageId),
      };
    }
    if (!submission.contentType)
      throw new InvalidInputError('CONTENT_TYPE_REQUIRED', 'contentType is required for new content', {
        fieldName: 'contentType',
      });
    return {
      identifier: null,
      languageId,
      type: await requireContentType(definitions, submission.contentType),
      current: undefined,
      task: undefined,
    };
  }

  /** Empty whoCanUse states no restriction; otherwise the caller's id or one of its roles (id or key) must be listed. */
  private async checkWhoCanUse(tx: Repositories, action: WorkflowAction, principal: Principal): Promise<void> {
    if (action.whoCanUse.length === 0 || principal.admin) return;
    if (
      action.whoCanUse.includes(principal.user.userId) ||
      principal.roleIds.some((id) => action.whoCanUse.includes(id))
    )
      return;
    for (const entry of action.whoCanUse) {
      const role = await tx.roles.findByKey(entry);
      if (role && principal.roleIds.includes(role.id)) return;
    }
    throw new ForbiddenError(`The user may not fire the Workflow Action ${action.name}`);
  }

  /** Every actionlet must be installed and available: a fire that cannot run all of them changes nothing. */
  private resolveActionlets(
    action: WorkflowAction,
    associations: readonly ActionletAssociation[],
  ): Array<{ actionlet: Actionlet; params: Record<string, string> }> {
    return associations.map((association) => {
      const actionlet = this.deps.actionlet(association.clazz);
      if (!actionlet)
        throw new InvalidInputError(
          'WORKFLOW_ACTIONLET_MISSING',
          `The actionlet ${association.name} (${association.clazz}) of ${action.name} is not installed`,
        );
      if (actionlet.unavailableReason)
        throw new InvalidInputError(
          'WORKFLOW_ACTIONLET_UNAVAILABLE',
          `${action.name} cannot be fired: ${actionlet.unavailableReason}`,
        );
      const params: Record<string, string> = {};
      for (const p of actionlet.parameters) {
        const value = association.parameters[p.key] ?? p.defaultValue;
        if (value !== null && value !== undefined) params[p.key] = value;
      }
      return { actionlet, params };
    });
  }

  private history(
    tx: Repositories,
    identifier: string,
    languageId: number,
    kind: 'action' | 'comment',
    text: string,
    actionId: string | null,
    fromStepId: string | null,
    toStepId: string | null,
    userId: string,
  ) {
    // History is read by (createdAt, id): a per-process sequence in the id keeps entries made in the same millisecond in order.
    const id = `${(++historySequence).toString(36).padStart(10, '0')}-${randomUUID()}`;
    return tx.tasks.addHistory({
      id,
      identifier,
      languageId,
      kind,
      text,
      actionId,
      fromStepId,
      toStepId,
      userId,
      createdAt: this.now(),
    });
  }
}

/** The assignee's address, or for a role (by id or key) the addresses of its active members. */
async function assigneeEmails(tx: Repositories, assignee: string | null): Promise<string[]> {
  if (!assignee) return [];
  const user = await tx.users.findById(assignee);
  if (user) return user.active ? [user.email] : [];
  const role = (await tx.roles.findById(assignee)) ?? (await tx.roles.findByKey(assignee));
  if (!role) return [];
  return [
    ...new Set((await tx.users.listByRole(role.id)).filter((member) => member.active).map((member) => member.email)),
  ];
}
