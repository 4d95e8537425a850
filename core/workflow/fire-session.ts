import { randomUUID } from 'node:crypto';
import { placeOf, type PermissionAsset, type PermissionService } from '../auth/permission-service.js';
import type { Principal } from '../auth/principal.js';
import type { Definitions } from '../definitions/definition-cache.js';
import type { PermissionName } from '../model/permission.js';
import type { ContentService, ContentSubmission } from '../content/content-service.js';
import { CmsError, Errors } from '../errors/index.js';
import type { Logger } from '../logger.js';
import type { ContentIdentifier, Contentlet } from '../model/contentlet.js';
import { folderPathOfParent } from '../model/folder.js';
import { CURRENT_STEP, type WorkflowAction } from '../model/workflow.js';
import type { Actionlet, ActionletContext, ContentOperations, WorkflowOperations } from '../plugin/actionlet.js';
import type { MailMessage } from '../plugin/mail-transport.js';
import type { Repositories } from '../plugin/storage/index.js';
import { parseIndexPolicy } from '../search/index-policy.js';
import type { IndexQueue } from '../search/index-queue.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { messageEvent } from '../events/message-event.js';
import type { SystemEventBus } from '../events/system-event-bus.js';
import { MAIL_JOB } from '../jobs/mail-job.js';
import type { SecretSealer } from '../plugin/secret-sealer.js';
import { enqueueTranslation } from '../translation/translate-job.js';
import type { FireStart } from './fire-checks.js';
import type { FireItem } from './fire-item.js';
import { approvalsOf } from './approvals.js';
import { assigneeEmails, findUsers } from './find-users.js';
import { fileOnSite } from './file-on-site.js';
import { writeHistory } from './history-writer.js';

/** What a fire session needs from the engine. */
export interface FireSessionServices {
  content: ContentService;
  permissions: PermissionService;
  render(template: string, context: Record<string, unknown>): string;
  sendMail(message: Omit<MailMessage, 'from'> & { from?: string }): Promise<void>;
  logger: Logger;
  now(): number;
  indexQueue?: IndexQueue;
  /** Where durable jobs (mail included) are written, in the fire's transaction. */
  jobs: JobQueue;
  /** Where user messages are raised as events, published once the fire commits. */
  events?: SystemEventBus;
  /** Seals the API keys of translations before they are stored. */
  secrets?: SecretSealer;
}

export interface FireSessionInput {
  tx: Repositories;
  definitions: Definitions;
  action: WorkflowAction;
  item: FireItem;
  start: FireStart;
  principal: Principal;
  submittedValues: Readonly<Record<string, unknown>>;
  /** Files sent without a field name; the save places them in the type's Binary fields. */
  submittedUploads?: ContentSubmission['uploads'];
  /** Problems found in the submission before its values were parsed, answered with theirs. */
  submittedProblems?: ContentSubmission['problems'];
  comment?: string;
  assign?: string;
  /** Field values not sent are removed from the item (see `SaveOptions.replaceAll`). */
  replaceAll?: boolean;
}

/**
 * One fire in progress: the item as the actionlets have left it so far, and the operations they
 * call. Every change goes through `remember`, so the item as last seen is current and need not be
 * read again.
 */
export class FireSession {
  private values: Record<string, unknown>;
  private readonly submitted: Record<string, unknown>;
  private current: Contentlet | undefined;
  private savedInFire = false;
  private resetToStep: string | undefined;
  private stayOnStep = false;
  identifier: string | null;
  removed = false;
  stopped = false;
  readonly messages: string[] = [];
  readonly comment: string | null;
  readonly assignee: string | null;

  constructor(
    private readonly services: FireSessionServices,
    private readonly input: FireSessionInput,
  ) {
    const { action, item } = input;
    this.values = { ...(item.current?.version.values ?? {}), ...input.submittedValues };
    this.submitted = { ...input.submittedValues };
    this.current = item.current;
    this.identifier = item.identifier;
    this.comment = action.commentable && input.comment?.trim() ? input.comment.trim() : null;
    this.assignee =
      action.assignable && input.assign?.trim()
        ? input.assign.trim()
        : action.nextAssign || item.task?.assignedTo || null;
  }

  /** The item after the fire: null when it was removed. */
  get contentlet(): Contentlet | null | undefined {
    return this.removed ? null : this.current;
  }

  private get userId(): string {
    return this.input.principal.user.userId;
  }

  private requireItem(what: string): string {
    if (!this.identifier) {
      throw new CmsError(Errors.WORKFLOW_CONTENT_NOT_SAVED, { operation: what });
    }
    return this.identifier;
  }

  private currentItem(what: string): Contentlet | string {
    return this.current ?? this.requireItem(what);
  }

  private remember(contentlet: Contentlet): void {
    this.current = contentlet;
    this.identifier = contentlet.identifier.identifier;
    this.values = { ...contentlet.version.values };
  }

  /** The item as permissions see it; throws the usual error when there is none yet. */
  private async itemAsset(what: string): Promise<PermissionAsset> {
    const { tx, item } = this.input;
    const identifier = this.current?.identifier ?? (await tx.content.findIdentifier(this.requireItem(what)));
    if (!identifier) throw new CmsError(Errors.CONTENT_NOT_FOUND, { identifier: this.requireItem(what) });
    return { kind: 'content', identifier, type: item.type };
  }

  private async check(asset: PermissionAsset, permission: PermissionName): Promise<void> {
    await this.services.permissions.for(this.input.definitions, this.input.principal).check(asset, permission);
  }

  /** A new item needs CAN_ADD_CHILDREN where it is placed (its folder, or its site at the root) and WRITE on its type. */
  private async checkCreate({ host, parentPath }: ContentIdentifier): Promise<void> {
    await this.check(await placeOf(this.input.definitions, host, folderPathOfParent(parentPath)), 'CAN_ADD_CHILDREN');
    await this.check({ kind: 'contentType', type: this.input.item.type }, 'WRITE');
  }

  private async save(draft: boolean): Promise<void> {
    const { content } = this.services;
    const { tx, item } = this.input;
    const existing = this.identifier !== null;
    if (existing) await this.check(await this.itemAsset('saved'), 'WRITE');
    const submission: ContentSubmission = {
      contentType: item.type.id,
      identifier: this.identifier ?? undefined,
      languageId: item.languageId,
      values: this.submitted,
      uploads: this.input.submittedUploads,
      problems: this.input.submittedProblems,
    };
    const by = { userId: this.userId, replaceAll: this.input.replaceAll, caller: this.input.principal };
    const saved = draft
      ? await content.saveDraft(tx, submission, by)
      : await content.saveWorkingVersion(tx, submission, by);
    // Where a new item goes is known once it is placed; a refusal rolls the whole fire back.
    if (!existing) await this.checkCreate(saved.contentlet.identifier);
    this.messages.push(...saved.messages);
    this.savedInFire = true;
    this.remember(saved.contentlet);
  }

  private contentOperations(): ContentOperations {
    const { content } = this.services;
    const { tx, item } = this.input;
    const lang = item.languageId;
    const change = async (
      what: string,
      permission: PermissionName,
      operation: (target: Contentlet | string) => Promise<Contentlet>,
    ) => {
      const target = this.currentItem(what);
      await this.check(await this.itemAsset(what), permission);
      this.remember(await operation(target));
    };
    return {
      save: () => this.save(false),
      saveDraft: () => this.save(true),
      publish: () => change('published', 'PUBLISH', (c) => content.publish(tx, c, lang)),
      unpublish: () => change('unpublished', 'PUBLISH', (c) => content.unpublish(tx, c, lang)),
      archive: () => change('archived', 'PUBLISH', (c) => content.archive(tx, c, lang)),
      unarchive: () => change('unarchived', 'PUBLISH', (c) => content.unarchive(tx, c, lang)),
      lock: () => change('locked', 'WRITE', (c) => content.lock(tx, c, lang, this.userId)),
      unlock: () => change('unlocked', 'WRITE', (c) => content.unlock(tx, c, lang)),
      delete: async () => {
        const id = this.requireItem('deleted');
        await this.check(await this.itemAsset('deleted'), 'PUBLISH');
        await content.delete(tx, id, lang);
        await tx.tasks.delete(id, lang);
        this.removed = true;
      },
      destroy: async () => {
        const id = this.requireItem('destroyed');
        await this.check(await this.itemAsset('destroyed'), 'PUBLISH');
        await content.destroy(tx, id);
        await tx.tasks.delete(id);
        this.removed = true;
      },
      copy: async () => {
        const source = await this.itemAsset('copied');
        await this.check(source, 'READ');
        const copied = await content.copy(tx, this.requireItem('copied'), lang, this.userId);
        await this.checkCreate(copied.contentlet.identifier);
        this.messages.push(`Copied as ${copied.contentlet.identifier.identifier}`);
      },
      setValue: async (variable, value) => {
        this.submitted[variable] = value;
        this.values[variable] = value;
        if (this.savedInFire) await this.save(false);
      },
    };
  }

  private workflowOperations(): WorkflowOperations {
    const { tx } = this.input;
    return {
      addComment: async (text) => {
        const identifier = this.requireItem('commented on');
        await writeHistory(tx, this.historyEntry(identifier, 'comment', text), this.services.now());
      },
      resetToFirstStep: async () => {
        this.resetToStep = this.input.start.steps[0]?.id;
      },
      stayOnStep: () => {
        this.stayOnStep = true;
      },
      assigneeEmails: () => assigneeEmails(tx, this.assignee),
      findUsers: (references) => findUsers(tx, references),
      approvals: async () => {
        const { action, item, start } = this.input;
        const history = this.identifier ? await tx.tasks.listHistory(this.identifier) : [];
        const earlier = approvalsOf(history, {
          languageId: item.languageId,
          actionId: action.id,
          stepId: start.currentStepId ?? null,
        });
        // This fire's own history is written once the actionlets have run; it counts already.
        return [...new Set([...earlier, this.userId])];
      },
      fileOnSite: (path) =>
        fileOnSite(
          {
            tx,
            definitions: this.input.definitions,
            host: this.current?.identifier.host,
            languageId: this.input.item.languageId,
            mayRead: (asset) => this.check(asset, 'READ'),
          },
          path,
        ),
      postMessage: async (userIds, text) => {
        const now = this.services.now();
        for (const userId of new Set(userIds)) {
          const message = {
            id: randomUUID(),
            userId,
            text,
            fromUserId: this.userId,
            identifier: this.identifier,
            createdAt: now,
            readAt: null,
          };
          await tx.userMessages.insert(message);
          await this.services.events?.raise(tx, messageEvent(message));
        }
      },
    };
  }

  private historyEntry(identifier: string, kind: 'action' | 'comment', text: string) {
    return {
      identifier,
      languageId: this.input.item.languageId,
      kind,
      text,
      actionId: kind === 'action' ? this.input.action.id : null,
      fromStepId: null,
      toStepId: null,
      userId: this.userId,
    };
  }

  private user() {
    const { user } = this.input.principal;
    return { userId: user.userId, email: user.email, firstName: user.firstName, lastName: user.lastName };
  }

  /** Renders a template with `$content`, `$user` and `$workflow` in scope. */
  render(template: string): string {
    return this.services.render(template, {
      content: {
        ...this.values,
        identifier: this.identifier,
        inode: this.current?.version.inode,
        title: this.current?.version.title ?? '',
        contentType: this.input.item.type.variable,
      },
      user: this.user(),
      workflow: { action: this.input.action.name, comment: this.comment },
    });
  }

  /** What one actionlet sees while it runs. */
  contextFor(actionlet: Actionlet, params: Record<string, string>): ActionletContext {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the item getter reads the session as it is then
    const session = this;
    const { tx, item } = this.input;
    let logger: Logger | undefined;
    return {
      params,
      // Made when first used: most runs log nothing, and a child logger is built for every actionlet of every fire.
      get logger() {
        return (logger ??= session.services.logger.child({ actionlet: actionlet.actionClass }));
      },
      get item() {
        return {
          identifier: session.identifier,
          inode: session.current?.version.inode ?? null,
          languageId: item.languageId,
          contentType: item.type.variable,
          values: session.values,
          title: session.current?.version.title ?? '',
        };
      },
      languages: async () =>
        (await tx.languages.list()).map(({ id, languageCode, countryCode }) => ({ id, languageCode, countryCode })),
      fields: async () =>
        (await this.input.definitions.fields(item.type.id)).map((f) => ({
          variable: f.variable,
          className: f.clazz,
          dataType: f.dataType,
        })),
      user: this.user(),
      comment: this.comment,
      content: this.contentOperations(),
      workflow: this.workflowOperations(),
      render: (template) => this.render(template),
      stopProcessing: () => {
        this.stopped = true;
      },
      afterCommit: (effect) => tx.afterCommit(effect, { identifier: this.identifier, what: actionlet.actionClass }),
      sendMail: (message) => this.services.sendMail(message),
      enqueue: (kind, payload, options) => this.services.jobs.enqueue(tx, { kind, payload, key: options?.key }),
      mail: async (message, options) => {
        await this.services.jobs.enqueue(tx, { kind: MAIL_JOB, payload: message, key: options?.key });
      },
      translate: (request) =>
        enqueueTranslation(this.services, tx, {
          ...request,
          identifier: this.identifier,
          languageId: item.languageId,
          userId: this.userId,
        }),
      reindex: async (policy) => {
        const parsed = parseIndexPolicy(policy, 'indexPolicy');
        if (parsed) this.services.indexQueue?.require(tx, parsed);
        await this.queueForIndex();
      },
    };
  }

  /** Queues the item (as it stands in the fire's language) for the search index. */
  async queueForIndex(): Promise<void> {
    const { indexQueue } = this.services;
    if (!indexQueue || !this.identifier) return;
    await indexQueue.add(this.input.tx, [
      { scope: 'item', identifier: this.identifier, languageId: this.input.item.languageId },
    ]);
  }

  /** Moves the item's task to the action's next step (or the first step, after a reset) and writes its history. */
  async moveTask(identifier: string): Promise<void> {
    const { tx, action, item, start } = this.input;
    const fromStepId = start.currentStepId ?? null;
    const staying = action.nextStep === CURRENT_STEP || (this.stayOnStep && fromStepId);
    const toStepId = this.resetToStep ?? (staying ? fromStepId! : action.nextStep);
    const now = this.services.now();
    await tx.tasks.put({
      identifier,
      languageId: item.languageId,
      schemeId: action.schemeId,
      stepId: toStepId,
      assignedTo: this.assignee,
      createdBy: item.task?.createdBy ?? this.userId,
      creationDate: item.task?.creationDate ?? now,
      modDate: now,
    });
    await writeHistory(tx, { ...this.historyEntry(identifier, 'action', action.name), fromStepId, toStepId }, now);
    if (this.comment) {
      await writeHistory(tx, { ...this.historyEntry(identifier, 'comment', this.comment), actionId: action.id }, now);
    }
  }
}
