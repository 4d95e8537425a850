import type { PermissionService } from '../auth/permission-service.js';
import type { Principal } from '../auth/principal.js';
import { gzippedAnswer, lacksGzip, serialisedAnswerBytes, type SerialisedAnswer } from '../cache/serialised-answer.js';
import { VersionedLruCache } from '../cache/versioned-lru-cache.js';
import type { DefinitionCache } from '../definitions/definition-cache.js';
import { readAfterCall, readAfterCallByKey } from '../definitions/read-after-call.js';
import { CmsError, Errors } from '../errors/index.js';
import type { ContentType } from '../model/content-type.js';
import type { ContentIdentifier, ContentState } from '../model/contentlet.js';
import { DEFAULT_LANGUAGE_ID } from '../model/language.js';
import type { Storage } from '../plugin/storage/index.js';
import { liveRead, type AnonymousContentAccess, type ContentReader, type ReadContent } from './content-reader.js';
import { checkItemKnownWith } from './item-known.js';
import { itemStates, type ItemStates } from './item-states.js';

/** A serialised answer and what deciding who may have it needs, without reading the item again. */
interface CachedAnswer {
  answer: SerialisedAnswer;
  /** The key of the item's states (every language's) read before it was built: it holds while they are the same. */
  states: string;
  identifier: ContentIdentifier;
  type: ContentType;
  /** Whether the read was of a live version, as the permission check counts it. */
  readLive: boolean;
  /** Whether the version answered is the live one (the only one anonymous callers may have). */
  versionLive: boolean;
  /** Whether any language of the item has a live version (whoever may read that knows the item). */
  hasLive: boolean;
}

/** Bytes of an entry besides its answer: the key, the states and the bookkeeping, roughly. */
const ENTRY_OVERHEAD = 512;

export interface ContentAnswerCacheBounds {
  maxEntries: number;
  maxBytes: number;
}

export const CONTENT_ANSWER_CACHE_BOUNDS: ContentAnswerCacheBounds = {
  maxEntries: 10_000,
  maxBytes: 64 * 1024 * 1024,
};

export interface ContentAnswersDependencies {
  storage: Storage;
  reader: ContentReader;
  definitions: DefinitionCache;
  permissions: PermissionService;
  anonymous: AnonymousContentAccess;
  /** The whole answer as bytes (the host wraps the item in its envelope): what is cached and sent. */
  serialise(read: ReadContent): Uint8Array;
  bounds?: ContentAnswerCacheBounds;
}

/**
 * `GET /api/v1/content/{identifierOrInode}` as bytes, kept per (id, language, live or working) in
 * this process. An answer is a function of the item's identifier, version and states and of the
 * definitions (its type, fields, grants). Versions are never changed once written (a user handover
 * that rewrites them renews the definitions token), every content write that changes the item's
 * identifier or what a language shows writes one of its states (a new working inode, what is live,
 * archived, the lock, the modification date), and definition writes renew the definitions token;
 * each in its own transaction, in any process. So an answer is sent again only while the item's
 * states read now are the ones it was built from, under the definitions token read now: one read
 * of the states (shared by the requests for the item that arrive together) and a share of one
 * read of the token, instead of the item's half a dozen reads and its serialisation.
 *
 * Who may have the answer is decided for every request, as the uncached read decides it, from the
 * grants the definitions cache holds under the same token: nothing about a caller is cached here.
 */
export class ContentAnswers {
  private readonly cache: VersionedLruCache<CachedAnswer>;
  /** False when the bounds keep nothing: every read is built, with no reads for a cache. */
  private readonly keeps: boolean;
  private readonly definitionsVersion: () => Promise<string>;
  private readonly states: (identifier: string) => Promise<ItemStates>;

  constructor(private readonly deps: ContentAnswersDependencies) {
    const bounds = deps.bounds ?? CONTENT_ANSWER_CACHE_BOUNDS;
    this.keeps = bounds.maxEntries > 0 && bounds.maxBytes > 0;
    this.cache = new VersionedLruCache({
      ...bounds,
      sizeOf: (entry) => serialisedAnswerBytes(entry.answer) + entry.states.length * 2 + ENTRY_OVERHEAD,
    });
    this.definitionsVersion = readAfterCall(() => deps.storage.definitionsVersion());
    this.states = readAfterCallByKey((identifiers) => statesOf(deps.storage, identifiers));
  }

  /** What the cache holds now (for tests and diagnostics). */
  get size(): { entries: number; bytes: number } {
    return this.cache.size;
  }

  /**
   * By identifier, falling back to inode, as `ContentReader.byIdentifierOrInode` answers it.
   * `gzip`: the caller takes a gzip encoding, made for the first such caller and kept with the answer.
   */
  async byIdentifierOrInode(
    principal: Principal | null,
    id: string,
    options: { live?: boolean; languageId?: number; gzip?: boolean },
  ): Promise<SerialisedAnswer> {
    const live = liveRead(principal, this.deps.anonymous, options.live ?? false);
    if (!this.keeps) {
      const read = await this.deps.reader.byIdentifierOrInode(principal, id, { live, languageId: options.languageId });
      return this.serialised(read, options.gzip);
    }
    const key = `${id}\0${options.languageId ?? DEFAULT_LANGUAGE_ID}\0${live ? 'live' : 'working'}`;
    const kept = this.cache.peek(key);
    // The token and the item's states are read side by side, each after this call and shared with
    // the requests that arrive with it.
    const [version, holds] = await Promise.all([this.definitionsVersion(), kept && this.holds(id, kept)]);
    const cached = this.cache.get(version, key);
    if (cached && cached === kept && holds) {
      await this.checkAccess(principal, id, version, cached);
      if (!options.gzip || !lacksGzip(cached.answer)) return cached.answer;
      const answer = gzippedAnswer(cached.answer.bytes);
      // Kept again, so that the cache's byte bound counts the encoding too.
      this.cache.set(version, key, { ...cached, answer });
      return answer;
    }
    // Out of date: dropped now rather than when the bound reaches it.
    if (cached && cached === kept) this.cache.delete(version, key);
    return this.build(principal, id, { ...options, live }, { key, version });
  }

  /** The answer's bytes, with their gzip encoding when the caller takes one. */
  private serialised(read: ReadContent, gzip: boolean | undefined): SerialisedAnswer {
    const bytes = this.deps.serialise(read);
    return gzip ? gzippedAnswer(bytes) : { bytes };
  }

  /** Whether the item's states are still those the answer was built from (and an inode's id still names no item). */
  private async holds(id: string, cached: CachedAnswer): Promise<boolean> {
    const { identifier } = cached.identifier;
    if (identifier === id) return (await this.states(id)).key === cached.states;
    const [ofId, ofItem] = await Promise.all([this.states(id), this.states(identifier)]);
    return ofId.count === 0 && ofItem.key === cached.states;
  }

  private async checkAccess(principal: Principal | null, id: string, version: string, cached: CachedAnswer) {
    const unknown = () => new CmsError(Errors.CONTENT_VERSION_NOT_FOUND, { inode: id });
    if (!principal && !cached.versionLive) throw unknown();
    const definitions = await this.deps.definitions.in(this.deps.storage, version);
    const check = this.deps.permissions.for(definitions, principal);
    await checkItemKnownWith(check, cached, { permission: 'READ', unknown, options: { live: cached.readLive } });
  }

  /**
   * Reads the item as the uncached read does, and keeps the answer under the states read before it:
   * a write that lands while it is read changes the states, so the next request reads again.
   */
  private async build(
    principal: Principal | null,
    id: string,
    options: { live: boolean; languageId?: number; gzip?: boolean },
    at: { key: string; version: string },
  ): Promise<SerialisedAnswer> {
    const { storage, reader } = this.deps;
    let identifier = id;
    let states = await this.states(id);
    if (states.count === 0) {
      // Not an identifier: an inode names its item for good.
      const named = await storage.content.findVersion(id);
      if (named) {
        identifier = named.identifier;
        states = await this.states(identifier);
      }
    }
    const read = await reader.byIdentifierOrInode(principal, id, {
      live: options.live,
      languageId: options.languageId,
    });
    const answer = this.serialised(read, options.gzip);
    const { contentlet } = read;
    if (states.count === 0 || contentlet.identifier.identifier !== identifier) return answer;
    this.cache.set(at.version, at.key, {
      answer,
      states: states.key,
      identifier: contentlet.identifier,
      type: read.type,
      readLive: identifier === id ? options.live : contentlet.state.liveInode === id,
      versionLive: contentlet.state.liveInode === contentlet.version.inode,
      hasLive: states.hasLive,
    });
    return answer;
  }
}

/**
 * The states of the items asked for in one turn, in one read: one item's by its prepared query,
 * several by one query for all of them. An identifier that names no item has none.
 */
async function statesOf(storage: Storage, identifiers: string[]): Promise<Map<string, ItemStates>> {
  if (identifiers.length === 1) {
    const [identifier] = identifiers as [string];
    // Only its own: a database whose collation ignores case would match another spelling too.
    const states = (await storage.content.listStates(identifier)).filter((s) => s.identifier === identifier);
    return new Map([[identifier, itemStates(states)]]);
  }
  const byItem = new Map<string, ContentState[]>(identifiers.map((identifier) => [identifier, []]));
  for (const state of await storage.content.listStatesOf(identifiers)) byItem.get(state.identifier)?.push(state);
  return new Map([...byItem].map(([identifier, states]) => [identifier, itemStates(states)]));
}
