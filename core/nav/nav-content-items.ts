import type { PermissionAsset } from '../auth/permission-service.js';
import type { ContentType } from '../model/content-type.js';
import { folderPathOfParent } from '../model/folder.js';
import { DEFAULT_LANGUAGE_ID } from '../model/language.js';
import type { LiveFolderItem, RepositorySet } from '../plugin/storage/index.js';
import { navHash } from './nav-item.js';
import type { NavSourceItem } from './nav-item-source.js';

/** `DEFAULT_PAGE_TO_DEFAULT_LANGUAGE` and `DEFAULT_FILE_TO_DEFAULT_LANGUAGE`, the original's names. */
export interface NavFallThrough {
  pages: boolean;
  files: boolean;
}

export interface ContentItemsQuery {
  host: string;
  /** Folders whose pages and files are listed, as folders are stored. */
  folderPaths: readonly string[];
  languageId: number;
  fallThrough: NavFallThrough;
  /** The content type of an item, for its permissions (undefined: a type since removed). */
  typeOf(contentTypeId: string): Promise<ContentType | undefined>;
}

const BASE_TYPES = { HTMLPAGE: 'htmlpage', FILEASSET: 'file' } as const;

/**
 * The pages and files shown in the menus of a set of folders: one query for every folder and the
 * languages needed, then per item the live version in the language asked for, else (when the
 * fall-through setting of its kind allows) the one in the default language, of the versions that
 * show on the menu.
 */
export async function contentItemsIn(tx: RepositorySet, query: ContentItemsQuery): Promise<NavSourceItem[]> {
  const { languageId, fallThrough } = query;
  const fallsThrough = languageId !== DEFAULT_LANGUAGE_ID && (fallThrough.pages || fallThrough.files);
  const rows = await tx.content.listLiveInFolders({
    host: query.host,
    parentPaths: query.folderPaths.map((path) => (path === '/' ? '/' : path.slice(0, -1))),
    languageIds: fallsThrough ? [languageId, DEFAULT_LANGUAGE_ID] : [languageId],
    baseTypes: Object.keys(BASE_TYPES),
  });
  const chosen = new Map<string, LiveFolderItem>();
  for (const row of rows) {
    // As in the original, the default language stands in when no version on the menu is in the
    // language asked for.
    if (!showsOnMenu(row.values.showOnMenu)) continue;
    const id = row.identifier.identifier;
    if (row.languageId === languageId) chosen.set(id, row);
    else if (!chosen.has(id) && allowsFallThrough(row.baseType, fallThrough)) chosen.set(id, row);
  }
  const out: NavSourceItem[] = [];
  for (const row of chosen.values()) {
    const type = await query.typeOf(row.identifier.contentTypeId);
    if (!type) continue;
    out.push(toSourceItem(row, type));
  }
  return out;
}

function allowsFallThrough(baseType: string, fallThrough: NavFallThrough): boolean {
  return baseType === 'HTMLPAGE' ? fallThrough.pages : fallThrough.files;
}

/** A Checkbox keeps its checked values comma-joined (`true`); a JSON boolean is read too. */
function showsOnMenu(value: unknown): boolean {
  if (value === true) return true;
  return typeof value === 'string' && value.split(',').some((v) => v.trim().toLowerCase() === 'true');
}

function toSourceItem(row: LiveFolderItem, type: ContentType): NavSourceItem {
  const kind = BASE_TYPES[row.baseType as keyof typeof BASE_TYPES];
  const { identifier } = row;
  const path = `${identifier.parentPath === '/' ? '' : identifier.parentPath}/${identifier.assetName ?? ''}`;
  const friendly = row.values.friendlyName;
  const asset: PermissionAsset = { kind: 'content', identifier, type };
  return {
    folderPath: folderPathOfParent(identifier.parentPath),
    asset,
    item: {
      // A file shows its friendly name when it has one, as the original's menus do.
      title: kind === 'file' && typeof friendly === 'string' && friendly.trim() !== '' ? friendly : row.title,
      target: '_self',
      code: null,
      folder: null,
      host: identifier.host,
      href: kind === 'htmlpage' ? (redirectOf(row.values) ?? path) : path,
      languageId: row.languageId,
      order: row.sortOrder,
      type: kind,
      hash: navHash(kind, identifier.identifier, row.languageId),
    },
  };
}

/**
 * A page's redirect replaces its href when it leads off the site, with the scheme the original
 * adds (`https://` when the page requires HTTPS); a redirect within the site (starting with `/`) is
 * ignored, as the original ignores it.
 */
function redirectOf(values: Record<string, unknown>): string | undefined {
  const redirect = typeof values.redirecturl === 'string' ? values.redirecturl.trim() : '';
  if (redirect === '' || redirect.startsWith('/')) return undefined;
  if (/^https?:\/\//i.test(redirect)) return redirect;
  return `${showsOnMenu(values.httpsreq) ? 'https' : 'http'}://${redirect}`;
}
