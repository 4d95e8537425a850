import type { Readable } from 'node:stream';
import type { Principal } from '../auth/principal.js';
import { CmsError, Errors, isCmsError } from '../errors/index.js';
import { DEFAULT_LANGUAGE_ID } from '../model/language.js';
import { assetKeyOf, isStoredAsset } from '../model/stored-asset.js';
import type { AssetStorage } from '../plugin/asset-storage.js';
import type { Storage } from '../plugin/storage/index.js';
import type { SiteByHost } from '../site/site-by-host.js';
import type { ContentReader, ReadContent } from './content-reader.js';
import { mimeTypeOf } from './mime-type.js';
import { identifierOfShorty } from './short-id.js';

/** A file ready to be answered: what the headers say about it, and its bytes when they are sent. */
export interface DeliveredFile {
  size: number;
  /** The bytes as a stream, opened only when they are sent (never for HEAD or a 304). */
  open(): Promise<Readable>;
  /** The name the file is served under (a file's `fileName`; a Binary value's own name). */
  fileName: string;
  mimeType: string;
  /** The version served: it changes whenever the bytes may have. */
  inode: string;
  modDate: number;
}

export interface FileDeliveryDependencies {
  storage: Storage;
  reader: ContentReader;
  assets: AssetStorage;
  sites: SiteByHost;
  /** `DEFAULT_FILE_TO_DEFAULT_LANGUAGE`: a file missing in the language asked for is served in the default one. */
  fallThrough: boolean;
}

/** The field a short asset URL serves when it names none, as in the original. */
export const DEFAULT_ASSET_FIELD = 'fileAsset';

/** Lookups that end in "nothing to serve here"; answered alike so that a path says nothing of why. */
const NOTHING_HERE = [
  Errors.CONTENT_NOT_FOUND,
  Errors.CONTENT_VERSION_NOT_FOUND,
  Errors.CONTENT_VERSION_MISSING,
  Errors.CONTENT_TYPE_NOT_FOUND,
];

const notFound = () => new CmsError(Errors.FILE_NOT_FOUND);

/**
 * Files served as a site serves them: by their path on the site the request names, and by the
 * original's short asset URL (`/dA/<id>/<field>/<name>`). Only live versions, read with the rules of
 * every content read (anonymous callers as `CONTENT_APIS_ALLOW_ANONYMOUS` allows, READ on the item
 * through the caller's roles or `CMS Anonymous`). A path is a look-up key in storage, never a path
 * of any file system.
 */
export class FileDelivery {
  constructor(private readonly deps: FileDeliveryDependencies) {}

  /** The live file at `path` on the site the `Host` header names. */
  async byPath(
    principal: Principal | null,
    request: { host: string | undefined; path: string; languageId?: number },
  ): Promise<DeliveredFile> {
    const location = splitFilePath(request.path);
    if (!location) throw notFound();
    const site = await this.deps.sites.forHost(request.host);
    if (!site) throw notFound();
    const item = await this.deps.storage.content.findByPath(site.identifier, location.parentPath, location.assetName);
    if (!item) throw notFound();
    const found = await this.live(principal, item.identifier, request.languageId);
    if (found.type.baseType !== 'FILEASSET') throw notFound();
    return this.deliver(found, DEFAULT_ASSET_FIELD, item.assetName ?? location.assetName);
  }

  /** `/dA/<identifier, shorty or inode>[/<field>]`: the live version's file (an inode: that version, as the reader allows). */
  async byShortUrl(
    principal: Principal | null,
    request: { id: string; field?: string; languageId?: number },
  ): Promise<DeliveredFile> {
    const field = request.field ?? DEFAULT_ASSET_FIELD;
    const id = request.id.toLowerCase();
    const identifier = (await this.deps.storage.content.findIdentifier(id))
      ? id
      : await identifierOfShorty(this.deps.storage, id);
    const found = identifier
      ? await this.live(principal, identifier, request.languageId)
      : await nothingHere(() => this.deps.reader.byInode(principal, id));
    return this.deliver(found, field);
  }

  /** The live version in the language asked for, else (when allowed) in the default language. */
  private async live(principal: Principal | null, identifier: string, languageId?: number): Promise<ReadContent> {
    const wanted = languageId ?? DEFAULT_LANGUAGE_ID;
    const read = (id: number) => this.deps.reader.byIdentifier(principal, identifier, { live: true, languageId: id });
    try {
      return await nothingHere(() => read(wanted));
    } catch (error) {
      if (!isCmsError(error, Errors.FILE_NOT_FOUND) || !this.deps.fallThrough || wanted === DEFAULT_LANGUAGE_ID)
        throw error;
      return nothingHere(() => read(DEFAULT_LANGUAGE_ID));
    }
  }

  private async deliver(found: ReadContent, field: string, servedName?: string): Promise<DeliveredFile> {
    const stored = found.contentlet.version.values[field];
    if (!isStoredAsset(stored)) throw notFound();
    const key = assetKeyOf(stored.path);
    const { assets } = this.deps;
    // A file the store no longer holds (swept, or lost) is not there to serve.
    const stat = await assets.stat(key);
    if (!stat) throw notFound();
    const fileName = servedName ?? stored.name;
    return {
      size: stat.size,
      async open() {
        const opened = await assets.open(key);
        if (!opened) throw notFound();
        return opened.stream;
      },
      fileName,
      mimeType: mimeTypeOf(fileName),
      inode: found.contentlet.version.inode,
      modDate: found.contentlet.version.modDate,
    };
  }
}

/** Runs a read; its "no such item or version" becomes FILE_NOT_FOUND. */
async function nothingHere<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (NOTHING_HERE.some((entry) => isCmsError(error, entry))) throw notFound();
    throw error;
  }
}

/**
 * `/images/logo.png` → folder `/images`, name `logo.png`. Undefined for what could never be a file's
 * path: the root, a trailing slash, `.` or `..` segments (however they were encoded), backslashes
 * and control characters.
 */
export function splitFilePath(path: string): { parentPath: string; assetName: string } | undefined {
  if (!path.startsWith('/') || path.endsWith('/') || path.includes('\\') || hasControlCharacter(path)) return undefined;
  const segments = path.slice(1).split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return undefined;
  const assetName = segments.pop()!;
  return { parentPath: `/${segments.join('/')}`, assetName };
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
