import { randomUUID } from 'node:crypto';
import { DefinitionCache } from '../definitions/definition-cache.js';
import { CmsError, detail, Errors } from '../errors/index.js';
import type { ContentType } from '../model/content-type.js';
import type { ContentIdentifier, Contentlet, ContentState, ContentVersion } from '../model/contentlet.js';
import type { Field } from '../model/field.js';
import { DEFAULT_LANGUAGE_ID } from '../model/language.js';
import type { FieldParseContext, FieldType } from '../plugin/field-type.js';
import type { Repositories } from '../plugin/storage/index.js';
import type { IndexQueue } from '../search/index-queue.js';
import { contentEvent } from '../events/content-event.js';
import type { SystemEventBus } from '../events/system-event-bus.js';
import type { ContentAction } from '../events/system-event.js';
import { resolveRelatedQueries } from '../search/resolve-related.js';
import type { RelatedQueryResolver } from '../search/related-query.js';
import { settlePlacement } from './content-folder.js';
import { locate, titleOf } from './content-placement.js';
import { parseFieldValues } from './content-validator.js';
import { completeFileAsset, withUploads } from './file-asset-values.js';
import { sortOrderOf } from './sort-order.js';
import type { ContentSubmission, ItemRef, SaveOptions, SaveResult } from './content-submission.js';
import { checkLanguage, claimingPath, takenValues, typeFor, type VersionWrite } from './content-write-checks.js';

export type { ContentSubmission, ItemRef, SaveOptions, SaveResult } from './content-submission.js';
export { setFieldValue } from './content-submission.js';

/** Base types whose items appear in navigation trees. */
const NAVIGATION_BASE_TYPES: ReadonlySet<string> = new Set(['HTMLPAGE', 'FILEASSET']);

/**
 * Every version and state write of a page or file renews the navigation token in its own
 * transaction (saves may move or retitle an item; publish, unpublish, archive, delete and destroy
 * change what is live), so every process's navigation cache drops trees built before it.
 */
async function renewNavigationOf(tx: Repositories, type: ContentType): Promise<void> {
  if (NAVIGATION_BASE_TYPES.has(type.baseType)) await tx.renewNavigationVersion();
}

/**
 * Versioned content. Every operation takes the storage transaction of its caller (a workflow fire),
 * so that a fire with several steps commits or rolls back as one.
 */
export class ContentService {
  private readonly now: () => number;
  private readonly definitions: DefinitionCache;
  /** Where changes are queued for the search index, in the transaction that makes them. */
  private readonly indexQueue?: IndexQueue;
  private readonly relatedQuery?: RelatedQueryResolver;
  /** Where content events are raised, published once the change commits. */
  private readonly events?: SystemEventBus;

  private readonly typeOf: (field: Field) => FieldType | undefined;
  private readonly parseContext: (tx: Repositories) => FieldParseContext;

  constructor(options: {
    typeOf: (field: Field) => FieldType | undefined;
    parseContext: (tx: Repositories) => FieldParseContext;
    now?: () => number;
    definitions?: DefinitionCache;
    indexQueue?: IndexQueue;
    /** Resolves relationship values given as Lucene queries (through the search index). */
    relatedQuery?: RelatedQueryResolver;
    events?: SystemEventBus;
  }) {
    this.typeOf = options.typeOf;
    this.parseContext = options.parseContext;
    this.now = options.now ?? Date.now;
    this.definitions = options.definitions ?? new DefinitionCache();
    this.indexQueue = options.indexQueue;
    this.relatedQuery = options.relatedQuery;
    this.events = options.events;
  }

  /** Saves a new working version (a new item when the submission has no identifier). */
  async saveWorkingVersion(tx: Repositories, submission: ContentSubmission, options: SaveOptions): Promise<SaveResult> {
    const definitions = await this.definitions.in(tx);
    const languageId = await checkLanguage(definitions, submission.languageId);
    const existing = !submission.identifier
      ? undefined
      : options.createWithIdentifier
        ? await tx.content.findIdentifier(submission.identifier)
        : await this.findIdentifier(tx, submission.identifier);
    const type = await typeFor(definitions, submission.contentType ?? existing?.contentTypeId, existing?.contentTypeId);
    const state = existing ? await tx.content.findState(existing.identifier, languageId) : undefined;
    if (state?.archived) throw new CmsError(Errors.CONTENT_ARCHIVED, { operation: 'edited' });
    if (state?.lockedBy && state.lockedBy !== options.userId)
      throw new CmsError(Errors.CONTENT_LOCKED, { user: state.lockedBy });
    const currentValues = state ? (await tx.content.findVersion(state.workingInode))?.values : undefined;

    const fields = await definitions.fields(type.id);
    const parsed = await parseFieldValues({
      fields,
      typeOf: this.typeOf,
      submitted: withUploads(fields, this.typeOf, submission),
      current: currentValues,
      replaceAll: options.replaceAll ?? false,
      context: this.parseContext(tx),
    });
    // Queries resolve as the caller may search; a save without one (a system save) leaves them as sent.
    const { relatedQuery } = this;
    const { caller } = options;
    if (relatedQuery && caller)
      await resolveRelatedQueries(fields, parsed.values, (lucene, type) => relatedQuery(lucene, type, caller));
    if (options.draft) parsed.problems = parsed.problems.filter((p) => p.errorCode !== Errors.required.code);
    const identifier =
      existing?.identifier ?? (options.createWithIdentifier ? submission.identifier : undefined) ?? randomUUID();
    const placement = await settlePlacement(tx, definitions, {
      placement: locate(type, fields, parsed.values, existing),
      existing,
      identifier,
    });
    completeFileAsset(type, fields, parsed, placement);
    // A type with a Sort Order field (pages, files) has it parsed and checked as a whole number.
    const sortOrder = sortOrderOf(parsed.values.sortOrder ?? submission.values.sortOrder);
    if (sortOrder === undefined) {
      parsed.problems.push(
        detail(
          Errors.badType,
          { field: 'sortOrder', problem: 'must be a whole number from -2147483648 to 2147483647' },
          'sortOrder',
        ),
      );
    }
    parsed.problems.push(
      ...(await takenValues(tx, { parsed, identifier, languageId })),
      ...(submission.problems ?? []),
    );
    if (parsed.problems.length > 0)
      throw new CmsError(
        Errors.CONTENT_INVALID,
        { problems: parsed.problems.map((p) => p.message).join('; ') },
        { details: parsed.problems },
      );
    const contentlet = await this.writeVersion(tx, {
      type,
      fields,
      existing,
      state,
      identifier,
      languageId,
      placement,
      parsed,
      userId: options.userId,
      sortOrder: sortOrder ?? 0,
    });
    return { contentlet, messages: parsed.unknownKeys.map((k) => `Unknown field ${k} was ignored`) };
  }

  /** Writes a checked submission: the identifier (new, or moved), the version, its unique claims and the state. */
  private async writeVersion(tx: Repositories, write: VersionWrite): Promise<Contentlet> {
    const { type, existing, state, identifier, languageId, parsed, userId } = write;
    const now = this.now();
    const { nameField: _nameField, ...path } = write.placement;
    const contentIdentifier: ContentIdentifier = existing
      ? { ...existing, ...path }
      : { identifier, contentTypeId: type.id, owner: userId, createdAt: now, ...path };
    if (!existing) await claimingPath(contentIdentifier, () => tx.content.insertIdentifier(contentIdentifier));
    else if (
      existing.host !== path.host ||
      existing.parentPath !== path.parentPath ||
      existing.assetName !== path.assetName ||
      existing.folder !== path.folder
    ) {
      await claimingPath(contentIdentifier, () => tx.content.updateIdentifier(contentIdentifier));
      // Every language's documents carry the path.
      await this.reindex(
        tx,
        identifier,
        (await tx.content.listStates(identifier)).map((s) => s.languageId),
      );
    }
    const version: ContentVersion = {
      inode: randomUUID(),
      identifier,
      languageId,
      title: titleOf(write.fields, parsed.values, identifier),
      modUser: userId,
      modDate: now,
      sortOrder: write.sortOrder,
      values: parsed.values,
    };
    await tx.content.insertVersion(version);
    // A new item holds no claims yet, so there is nothing to replace unless it claims something.
    if (existing || parsed.uniqueClaims.length > 0)
      await tx.content.claimUniqueValues(
        identifier,
        languageId,
        parsed.uniqueClaims.map((c) => ({ fieldId: c.field.id, valueHash: c.valueHash })),
      );
    const newState: ContentState = {
      identifier,
      languageId,
      workingInode: version.inode,
      liveInode: state?.liveInode ?? null,
      archived: false,
      lockedBy: state?.lockedBy ?? null,
      lockedAt: state?.lockedAt ?? null,
      modDate: now,
    };
    await tx.content.putState(newState);
    await this.reindex(tx, identifier, [languageId]);
    await renewNavigationOf(tx, type);
    const saved = { identifier: contentIdentifier, version, state: newState };
    await this.raise(tx, existing ? 'UPDATE' : 'SAVE', saved, type);
    return saved;
  }

  /** Saves a working version that may still miss required values. */
  saveDraft(tx: Repositories, submission: ContentSubmission, options: SaveOptions): Promise<SaveResult> {
    return this.saveWorkingVersion(tx, submission, { ...options, draft: true });
  }

  /** Makes the working version live. */
  publish(tx: Repositories, item: ItemRef, languageId: number): Promise<Contentlet> {
    return this.transition(tx, item, languageId, {
      raises: 'PUBLISH',
      change: (state) => {
        if (state.archived) throw new CmsError(Errors.CONTENT_ARCHIVED, { operation: 'published' });
        return { liveInode: state.workingInode };
      },
    });
  }

  unpublish(tx: Repositories, item: ItemRef, languageId: number): Promise<Contentlet> {
    return this.transition(tx, item, languageId, { raises: 'UN_PUBLISH', change: () => ({ liveInode: null }) });
  }

  /** Archiving takes the item off the live site and releases its lock. */
  archive(tx: Repositories, item: ItemRef, languageId: number): Promise<Contentlet> {
    return this.transition(tx, item, languageId, {
      raises: 'ARCHIVE',
      change: () => ({ archived: true, liveInode: null, lockedBy: null, lockedAt: null }),
    });
  }

  unarchive(tx: Repositories, item: ItemRef, languageId: number): Promise<Contentlet> {
    return this.transition(tx, item, languageId, {
      raises: 'UN_ARCHIVE',
      change: (state) => {
        if (!state.archived) throw new CmsError(Errors.CONTENT_NOT_ARCHIVED);
        return { archived: false };
      },
    });
  }

  lock(tx: Repositories, item: ItemRef, languageId: number, userId: string): Promise<Contentlet> {
    return this.transition(tx, item, languageId, {
      change: (state) => {
        if (state.lockedBy && state.lockedBy !== userId)
          throw new CmsError(Errors.CONTENT_LOCKED, { user: state.lockedBy });
        return { lockedBy: userId, lockedAt: this.now() };
      },
    });
  }

  unlock(tx: Repositories, item: ItemRef, languageId: number): Promise<Contentlet> {
    return this.transition(tx, item, languageId, { change: () => ({ lockedBy: null, lockedAt: null }) });
  }

  /** Removes the item in one language, irreversibly; the identifier goes with its last language. */
  async delete(tx: Repositories, identifier: string, languageId: number): Promise<void> {
    const removed = await this.get(tx, identifier, { languageId });
    const { contentTypeId } = removed.identifier;
    await tx.content.deleteLanguage(identifier, languageId);
    if ((await tx.content.listStates(identifier)).length === 0) await tx.content.deleteIdentifier(identifier);
    await this.reindex(tx, identifier, [languageId]);
    await this.renewNavigation(tx, contentTypeId);
    await this.raiseFor(tx, 'DELETE', removed);
  }

  /** Removes every version in every language. */
  async destroy(tx: Repositories, identifier: string): Promise<void> {
    const { contentTypeId } = await this.findIdentifier(tx, identifier);
    const languages = (await tx.content.listStates(identifier)).map((state) => state.languageId);
    // Read before they go: each language's event names the version it removed.
    const removed = this.events?.wanted
      ? await Promise.all(languages.map((languageId) => this.get(tx, identifier, { languageId })))
      : [];
    await tx.content.deleteIdentifier(identifier);
    for (const item of removed) await this.raiseFor(tx, 'DELETE', item);
    await this.reindex(tx, identifier, languages);
    await this.renewNavigation(tx, contentTypeId);
  }

  /** A new item with the working values of this one (unique fields are left empty: they could not be copied). */
  async copy(tx: Repositories, identifier: string, languageId: number, userId: string): Promise<SaveResult> {
    const source = await this.get(tx, identifier, { languageId });
    const fields = await (await this.definitions.in(tx)).fields(source.identifier.contentTypeId);
    const values = Object.fromEntries(
      Object.entries(source.version.values).filter(
        ([variable]) => !fields.find((f) => f.variable === variable)?.unique,
      ),
    );
    return this.saveWorkingVersion(
      tx,
      { contentType: source.identifier.contentTypeId, languageId, values },
      { userId },
    );
  }

  /** The working (or live) version of an item in a language. */
  async get(
    tx: Repositories,
    identifier: string,
    options: { languageId?: number; live?: boolean } = {},
  ): Promise<Contentlet> {
    const ident = await this.findIdentifier(tx, identifier);
    const languageId = options.languageId ?? DEFAULT_LANGUAGE_ID;
    const state = await tx.content.findState(ident.identifier, languageId);
    const inode = options.live ? state?.liveInode : state?.workingInode;
    const version = inode ? await tx.content.findVersion(inode) : undefined;
    if (!state || !version)
      throw new CmsError(Errors.CONTENT_VERSION_MISSING, {
        identifier,
        mode: options.live ? 'live' : 'working',
        languageId,
      });
    return { identifier: ident, version, state };
  }

  /** A specific version. */
  async getByInode(tx: Repositories, inode: string): Promise<Contentlet> {
    const version = await tx.content.findVersion(inode);
    if (!version) throw new CmsError(Errors.CONTENT_VERSION_NOT_FOUND, { inode: inode });
    const ident = await this.findIdentifier(tx, version.identifier);
    const state = (await tx.content.findState(version.identifier, version.languageId))!;
    return { identifier: ident, version, state };
  }

  private async transition(
    tx: Repositories,
    item: ItemRef,
    languageId: number,
    step: {
      change: (state: ContentState) => Partial<ContentState>;
      /** The event the change raises; locks raise none. */
      raises?: ContentAction;
    },
  ): Promise<Contentlet> {
    const current = typeof item === 'string' ? await this.get(tx, item, { languageId }) : item;
    const state: ContentState = { ...current.state, ...step.change(current.state), modDate: this.now() };
    await tx.content.putState(state);
    await this.reindex(tx, state.identifier, [state.languageId]);
    // Locks change no tree; what is live (publish, unpublish, archive) does.
    if (state.liveInode !== current.state.liveInode || state.archived !== current.state.archived)
      await this.renewNavigation(tx, current.identifier.contentTypeId);
    const changed = { ...current, state };
    if (step.raises) await this.raiseFor(tx, step.raises, changed);
    return changed;
  }

  /** Raises the event of a change, published once `tx` commits. */
  private async raise(tx: Repositories, action: ContentAction, item: Contentlet, type: ContentType): Promise<void> {
    if (this.events?.wanted) await this.events.raise(tx, contentEvent(action, item, type, this.now()));
  }

  private async raiseFor(tx: Repositories, action: ContentAction, item: Contentlet): Promise<void> {
    if (!this.events?.wanted) return;
    const type = await (await this.definitions.in(tx)).contentType(item.identifier.contentTypeId);
    if (type) await this.raise(tx, action, item, type);
  }

  /** Renews the navigation token when the item is a page or a file (see `renewNavigationOf`). */
  private async renewNavigation(tx: Repositories, contentTypeId: string): Promise<void> {
    const type = await (await this.definitions.in(tx)).contentType(contentTypeId);
    if (type) await renewNavigationOf(tx, type);
  }

  /** Queues the item's languages for the search index, in this transaction. */
  private reindex(tx: Repositories, identifier: string, languageIds: readonly number[]): Promise<void> {
    if (!this.indexQueue || languageIds.length === 0) return Promise.resolve();
    return this.indexQueue.add(
      tx,
      languageIds.map((languageId) => ({ scope: 'item' as const, identifier, languageId })),
    );
  }

  private async findIdentifier(tx: Repositories, identifier: string) {
    const found = await tx.content.findIdentifier(identifier);
    if (!found) throw new CmsError(Errors.CONTENT_NOT_FOUND, { identifier });
    return found;
  }
}
