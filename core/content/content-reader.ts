import type { PermissionService } from '../auth/permission-service.js';
import type { Principal } from '../auth/principal.js';
import { CmsError, Errors } from '../errors/index.js';
import type { ContentType } from '../model/content-type.js';
import type { ContentIdentifier, Contentlet } from '../model/contentlet.js';
import type { Field } from '../model/field.js';
import type { Storage } from '../plugin/storage/index.js';
import { requireContentType, type DefinitionCache } from '../definitions/definition-cache.js';
import type { ContentService } from './content-service.js';
import { checkItemKnown } from './item-known.js';

/** `CONTENT_APIS_ALLOW_ANONYMOUS`: what callers who are not signed in may do. */
export type AnonymousContentAccess = 'NONE' | 'READ' | 'WRITE';

/**
 * Whether a read is of the live version: signed-in callers get what they asked for, anonymous
 * callers always the live one, and none at all when anonymous reading is off.
 */
export function liveRead(principal: Principal | null, anonymous: AnonymousContentAccess, requested: boolean): boolean {
  if (principal) return requested;
  if (anonymous === 'NONE') throw new CmsError(Errors.AUTH_INVALID_USER);
  return true;
}

export interface ReadContent {
  contentlet: Contentlet;
  type: ContentType;
  fields: readonly Field[];
}

export interface ContentReaderDependencies {
  storage: Storage;
  content: ContentService;
  anonymous: AnonymousContentAccess;
  definitions: DefinitionCache;
  permissions: PermissionService;
}

/**
 * Reading content with the access rules: anonymous callers read live versions only, and only when
 * anonymous reading is allowed; every caller needs READ on the item (for anonymous callers through
 * the `CMS Anonymous` role). An item the caller may not read is answered as one that does not exist.
 */
export class ContentReader {
  private readonly storage: Storage;
  private readonly content: ContentService;
  private readonly anonymous: AnonymousContentAccess;

  constructor(private readonly deps: ContentReaderDependencies) {
    this.storage = deps.storage;
    this.content = deps.content;
    this.anonymous = deps.anonymous;
  }

  /** `live` absent: signed-in users get `defaultLive`; anonymous callers always get the live version. */
  byIdentifier(
    principal: Principal | null,
    identifier: string,
    options: { live?: boolean; languageId?: number; defaultLive?: boolean },
  ): Promise<ReadContent> {
    return this.readIdentifier(
      principal,
      identifier,
      options,
      () => new CmsError(Errors.CONTENT_NOT_FOUND, { identifier }),
    );
  }

  /** A specific version. Anonymous callers may read it only while it is the live one. */
  byInode(principal: Principal | null, inode: string): Promise<ReadContent> {
    return this.readInode(principal, inode, () => new CmsError(Errors.CONTENT_VERSION_NOT_FOUND, { inode }));
  }

  /** By identifier, falling back to inode: the v1 endpoint accepts either. */
  async byIdentifierOrInode(
    principal: Principal | null,
    id: string,
    options: { live?: boolean; languageId?: number; defaultLive?: boolean },
  ): Promise<ReadContent> {
    // Refused before the look-up: an anonymous caller learns nothing about which ids exist.
    this.liveFor(principal, true);
    // One answer for an id that names nothing and one the caller may not read, whichever kind of id it is.
    const unknown = () => new CmsError(Errors.CONTENT_VERSION_NOT_FOUND, { inode: id });
    if (await this.storage.content.findIdentifier(id)) return this.readIdentifier(principal, id, options, unknown);
    return this.readInode(principal, id, unknown);
  }

  /**
   * READ is decided on the item before any version is looked at: a caller who may not read it gets
   * `unknown()`, exactly what an identifier naming nothing gets, and learns nothing of its versions.
   */
  private async readIdentifier(
    principal: Principal | null,
    identifier: string,
    options: { live?: boolean; languageId?: number; defaultLive?: boolean },
    unknown: () => CmsError,
  ): Promise<ReadContent> {
    const live = this.liveFor(principal, options.live ?? options.defaultLive ?? false);
    const ident = await this.storage.content.findIdentifier(identifier);
    if (!ident) throw unknown();
    const { type, definitions } = await this.checkRead(principal, ident, live, unknown);
    const contentlet = await this.content.get(this.storage, identifier, { languageId: options.languageId, live });
    return { contentlet, type, fields: await definitions.fields(type.id) };
  }

  private async readInode(principal: Principal | null, inode: string, unknown: () => CmsError): Promise<ReadContent> {
    // Refused before the look-up: an anonymous caller learns nothing about which versions exist.
    const live = this.liveFor(principal, true);
    const contentlet = await this.content.getByInode(this.storage, inode).catch((error: unknown) => {
      throw error instanceof CmsError && error.kind === 'not_found' ? unknown() : error;
    });
    if (!principal && live && contentlet.state.liveInode !== inode) throw unknown();
    const isLive = contentlet.state.liveInode === inode;
    const { type, definitions } = await this.checkRead(principal, contentlet.identifier, isLive, unknown);
    return { contentlet, type, fields: await definitions.fields(type.id) };
  }

  private liveFor(principal: Principal | null, requested: boolean): boolean {
    return liveRead(principal, this.anonymous, requested);
  }

  private async checkRead(
    principal: Principal | null,
    identifier: ContentIdentifier,
    live: boolean,
    unknown: () => CmsError,
  ) {
    const definitions = await this.deps.definitions.in(this.storage);
    // An item whose type was removed is answered 404 naming the type, never a fault.
    const type = await requireContentType(definitions, identifier.contentTypeId);
    const check = this.deps.permissions.for(definitions, principal);
    await checkItemKnown(this.storage, check, { identifier, type }, { permission: 'READ', unknown, options: { live } });
    return { type, definitions };
  }
}
