import type { PermissionService } from '../auth/permission-service.js';
import type { Principal } from '../auth/principal.js';
import type { DefinitionCache } from '../definitions/definition-cache.js';
import { DEFAULT_LANGUAGE_ID } from '../model/language.js';
import { CmsError, Errors } from '../errors/index.js';
import type { Storage } from '../plugin/storage/index.js';
import type { ContentReader, ReadContent } from './content-reader.js';
import type { ContentService } from './content-service.js';

/** Whether the caller may take an item's lock, and who holds it now. */
export interface LockStatus {
  canLock: boolean;
  locked: boolean;
  /** While locked: the holder's user id, since when (epoch ms), and the holder's name. */
  lockedBy?: string;
  lockedOn?: number;
  lockedByName?: string;
  inode: string;
  id: string;
}

/**
 * Locking an item by hand, as the original's content endpoints do (`_lock`, `_unlock`, `_canlock`).
 * The item is named by identifier (its working version in a language) or by inode; a caller who
 * may not read it is answered as for an id that names nothing. Taking or releasing a lock needs
 * WRITE on the item; a lock another user holds may be released or taken over by administrators only,
 * as the original lets its administrators do.
 */
export class ContentLocks {
  constructor(
    private readonly deps: {
      storage: Storage;
      content: ContentService;
      contentReader: ContentReader;
      definitions: DefinitionCache;
      permissions: PermissionService;
    },
  ) {}

  async status(principal: Principal, id: string, languageId?: number): Promise<LockStatus> {
    const item = await this.read(principal, id, languageId);
    const { state, version } = item.contentlet;
    const lockedBy = state.lockedBy;
    const status: LockStatus = {
      canLock:
        (await (await this.writeCheck(principal, item)).has()) &&
        (!lockedBy || lockedBy === principal.user.userId || principal.admin),
      locked: lockedBy !== null,
      inode: version.inode,
      id: version.identifier,
    };
    if (lockedBy) {
      const holder = await this.deps.storage.users.findById(lockedBy);
      status.lockedBy = lockedBy;
      status.lockedOn = state.lockedAt ?? undefined;
      status.lockedByName = holder ? `${holder.firstName} ${holder.lastName}`.trim() : lockedBy;
    }
    return status;
  }

  /** Takes the lock (kept when the caller holds it already); answers the item as it now is. */
  lock(principal: Principal, id: string, languageId?: number): Promise<ReadContent> {
    return this.change(principal, id, languageId, 'lock');
  }

  /** Releases the lock (nothing to do when there is none); answers the item as it now is. */
  unlock(principal: Principal, id: string, languageId?: number): Promise<ReadContent> {
    return this.change(principal, id, languageId, 'unlock');
  }

  private async change(
    principal: Principal,
    id: string,
    languageId: number | undefined,
    change: 'lock' | 'unlock',
  ): Promise<ReadContent> {
    const item = await this.read(principal, id, languageId);
    await (await this.writeCheck(principal, item)).check();
    const { identifier, languageId: language } = item.contentlet.version;
    const contentlet = await this.deps.storage.transaction(async (tx) => {
      // Read again inside the transaction: the lock may have changed since the checks above.
      const current = await this.deps.content.get(tx, identifier, { languageId: language });
      const holder = current.state.lockedBy;
      const another = holder !== null && holder !== principal.user.userId;
      if (another && !principal.admin) throw new CmsError(Errors.CONTENT_LOCKED, { user: holder });
      if (change === 'unlock') return this.deps.content.unlock(tx, current, language);
      // An administrator takes over another user's lock: released first, then taken.
      const free = another ? await this.deps.content.unlock(tx, current, language) : current;
      return this.deps.content.lock(tx, free, language, principal.user.userId);
    });
    return { ...item, contentlet };
  }

  /** The working version by identifier (in a language), or the version an inode names. */
  private read(principal: Principal, id: string, languageId: number | undefined): Promise<ReadContent> {
    return this.deps.contentReader.byIdentifierOrInode(principal, id, { live: false, languageId }).catch((error) => {
      // One answer, in the original's words, for whatever the caller cannot see by this id.
      if (error instanceof CmsError && error.kind === 'not_found')
        throw new CmsError(Errors.CONTENT_ID_NOT_FOUND, { id, languageId: languageId ?? DEFAULT_LANGUAGE_ID });
      throw error;
    });
  }

  /** WRITE on the item: whether the caller holds it, or a check that refuses (403) when not. */
  private async writeCheck(principal: Principal, item: ReadContent) {
    const definitions = await this.deps.definitions.in(this.deps.storage);
    const check = this.deps.permissions.for(definitions, principal);
    const asset = { kind: 'content', identifier: item.contentlet.identifier, type: item.type } as const;
    return { has: () => check.has(asset, 'WRITE'), check: () => check.check(asset, 'WRITE') };
  }
}
