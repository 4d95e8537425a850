import type { PermissionService } from '../auth/permission-service.js';
import type { Principal } from '../auth/principal.js';
import { CmsError, Errors } from '../errors/index.js';
import type { ContentType } from '../model/content-type.js';
import type { Contentlet } from '../model/contentlet.js';
import type { Field } from '../model/field.js';
import type { Storage } from '../plugin/storage-driver.js';
import { requireContentType, type DefinitionCache } from '../definitions/definition-cache.js';
import type { ContentService } from './content-service.js';

/** `CONTENT_APIS_ALLOW_ANONYMOUS`: what callers who are not signed in may do. */
export type AnonymousContentAccess = 'NONE' | 'READ' | 'WRITE';

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
 * the `CMS Anonymous` role).
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
  async byIdentifier(
    principal: Principal | null,
    identifier: string,
    options: { live?: boolean; languageId?: number; defaultLive?: boolean },
  ): Promise<ReadContent> {
    const live = this.liveFor(principal, options.live ?? options.defaultLive ?? false);
    const contentlet = await this.content.get(this.storage, identifier, { languageId: options.languageId, live });
    return this.withType(principal, contentlet, live);
  }

  /** A specific version. Anonymous callers may read it only while it is the live one. */
  async byInode(principal: Principal | null, inode: string): Promise<ReadContent> {
    // Refused before the look-up: an anonymous caller learns nothing about which versions exist.
    const live = this.liveFor(principal, true);
    const contentlet = await this.content.getByInode(this.storage, inode);
    if (!principal && live && contentlet.state.liveInode !== inode) {
      throw new CmsError(Errors.CONTENT_VERSION_NOT_FOUND, { inode: inode });
    }
    return this.withType(principal, contentlet, contentlet.state.liveInode === inode);
  }

  /** By identifier, falling back to inode: the v1 endpoint accepts either. */
  async byIdentifierOrInode(
    principal: Principal | null,
    id: string,
    options: { live?: boolean; languageId?: number; defaultLive?: boolean },
  ): Promise<ReadContent> {
    // Refused before the look-up: an anonymous caller learns nothing about which ids exist.
    this.liveFor(principal, true);
    if (await this.storage.content.findIdentifier(id)) return this.byIdentifier(principal, id, options);
    return this.byInode(principal, id);
  }

  private liveFor(principal: Principal | null, requested: boolean): boolean {
    if (principal) return requested;
    if (this.anonymous === 'NONE') throw new CmsError(Errors.AUTH_INVALID_USER);
    return true;
  }

  private async withType(principal: Principal | null, contentlet: Contentlet, live: boolean): Promise<ReadContent> {
    const definitions = await this.deps.definitions.in(this.storage);
    // An item whose type was removed is answered 404 naming the type, never a fault.
    const type = await requireContentType(definitions, contentlet.identifier.contentTypeId);
    const asset = { kind: 'content', identifier: contentlet.identifier, type } as const;
    await this.deps.permissions.for(definitions, principal).check(asset, 'READ', { live });
    return { contentlet, type, fields: await definitions.fields(type.id) };
  }
}
