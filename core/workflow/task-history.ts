import { checkItemKnown } from '../content/item-known.js';
import type { PermissionService } from '../auth/permission-service.js';
import type { Principal } from '../auth/principal.js';
import type { DefinitionCache } from '../definitions/definition-cache.js';
import { CmsError, Errors } from '../errors/index.js';
import type { WorkflowHistoryEntry } from '../model/workflow.js';
import { DEFAULT_LANGUAGE_ID } from '../model/language.js';
import { writeHistory } from './history-writer.js';
import { timelineOf, type TimelineItem } from './timeline.js';
import type { Storage } from '../plugin/storage/index.js';

/** The history of actions and comments of an item's workflow tasks. */
export class TaskHistoryService {
  private readonly storage: Storage;
  private readonly definitions: DefinitionCache;
  private readonly permissions: PermissionService;
  private readonly now: () => number;

  constructor(options: {
    storage: Storage;
    definitions: DefinitionCache;
    permissions: PermissionService;
    now?: () => number;
  }) {
    this.storage = options.storage;
    this.definitions = options.definitions;
    this.permissions = options.permissions;
    this.now = options.now ?? Date.now;
  }

  /**
   * Oldest first. An item that never existed is refused; a removed one still shows its history, to
   * administrators only (nothing is left to hold permissions). Otherwise READ on the item is needed.
   * Whoever may not see the history is answered as for an item that never existed.
   */
  async list(principal: Principal, identifier: string): Promise<WorkflowHistoryEntry[]> {
    const item = await this.storage.content.findIdentifier(identifier);
    const history = await this.storage.tasks.listHistory(identifier);
    if (!item) {
      if (history.length === 0 || !principal.admin) throw new CmsError(Errors.CONTENT_NOT_FOUND, { identifier });
      return history;
    }
    const definitions = await this.definitions.in(this.storage);
    const type = await definitions.contentType(item.contentTypeId);
    if (!type) throw new CmsError(Errors.CONTENT_TYPE_NOT_FOUND, { type: item.contentTypeId });
    await checkItemKnown(
      this.storage,
      this.permissions.for(definitions, principal),
      { identifier: item, type },
      { permission: 'READ', unknown: () => new CmsError(Errors.CONTENT_NOT_FOUND, { identifier }) },
    );
    return history;
  }

  /**
   * Adds a comment to the item's workflow history in a language (the default language when none is
   * given), as the original's comment endpoint does: the item must exist in that language and the
   * caller must be able to read it. Answers the entry written.
   */
  async comment(
    principal: Principal,
    identifier: string,
    text: string,
    languageId = DEFAULT_LANGUAGE_ID,
  ): Promise<WorkflowHistoryEntry> {
    return this.storage.transaction(async (tx) => {
      const item = await tx.content.findIdentifier(identifier);
      if (!item || !(await tx.content.findState(item.identifier, languageId))) {
        throw new CmsError(Errors.CONTENT_NOT_FOUND, { identifier });
      }
      const definitions = await this.definitions.in(tx);
      const type = await definitions.contentType(item.contentTypeId);
      if (!type) throw new CmsError(Errors.CONTENT_TYPE_NOT_FOUND, { type: item.contentTypeId });
      await checkItemKnown(
        tx,
        this.permissions.for(definitions, principal),
        { identifier: item, type },
        { permission: 'READ', unknown: () => new CmsError(Errors.CONTENT_NOT_FOUND, { identifier }) },
      );
      const task = await tx.tasks.find(item.identifier, languageId);
      const entry = {
        identifier: item.identifier,
        languageId,
        kind: 'comment' as const,
        text,
        actionId: null,
        fromStepId: task?.stepId ?? null,
        toStepId: task?.stepId ?? null,
        userId: principal.user.userId,
      };
      return writeHistory(tx, entry, this.now());
    });
  }

  /** `list` as the original's timeline shows it, in one language when one is named. */
  async timeline(principal: Principal, identifier: string, languageId?: number): Promise<TimelineItem[]> {
    const entries = (await this.list(principal, identifier)).filter(
      (entry) => languageId === undefined || entry.languageId === languageId,
    );
    return timelineOf(this.storage, await this.definitions.in(this.storage), entries);
  }

  /** `comment`, answered as an item of the timeline. */
  async commentItem(
    principal: Principal,
    identifier: string,
    text: string,
    languageId?: number,
  ): Promise<TimelineItem> {
    const entry = await this.comment(principal, identifier, text, languageId);
    const [item] = await timelineOf(this.storage, await this.definitions.in(this.storage), [entry]);
    return item!;
  }
}
