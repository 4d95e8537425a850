import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { LiveFolderItem, LiveInFoldersQuery } from '../../../core/plugin/kit.js';
import type { Db, Tables } from './context.js';
import { ignoringCase } from './sort-order.js';

/** Folder paths per statement: far below either database's limit on bound values. */
const PATHS_PER_QUERY = 500;

/**
 * The live versions of pages and files in a set of folders: identifiers joined with their states
 * (live, not archived, in the languages asked for), the live version and the type's base type, so
 * a navigation level costs one statement however many items it holds.
 */
export async function liveInFolders(db: Db, t: Tables, query: LiveInFoldersQuery): Promise<LiveFolderItem[]> {
  if (query.parentPaths.length === 0 || query.languageIds.length === 0 || query.baseTypes.length === 0) return [];
  const paths = [...new Set(query.parentPaths.map((p) => p.toLowerCase()))];
  const out: LiveFolderItem[] = [];
  for (let from = 0; from < paths.length; from += PATHS_PER_QUERY) {
    const rows = await db
      .select({
        identifier: t.contentIdentifiers,
        baseType: t.contentTypes.baseType,
        languageId: t.contentVersions.languageId,
        inode: t.contentVersions.inode,
        title: t.contentVersions.title,
        sortOrder: t.contentVersions.sortOrder,
        values: t.contentVersions.values,
      })
      .from(t.contentIdentifiers)
      .innerJoin(t.contentTypes, eq(t.contentTypes.id, t.contentIdentifiers.contentTypeId))
      .innerJoin(t.contentStates, eq(t.contentStates.identifier, t.contentIdentifiers.identifier))
      .innerJoin(t.contentVersions, eq(t.contentVersions.inode, t.contentStates.liveInode))
      .where(
        and(
          eq(t.contentIdentifiers.host, query.host),
          // Content keeps its folder's path as the folder has it; compare as folders do, ignoring case.
          inArray(ignoringCase(t.contentIdentifiers.parentPath), paths.slice(from, from + PATHS_PER_QUERY)),
          inArray(t.contentTypes.baseType, [...query.baseTypes]),
          inArray(t.contentStates.languageId, [...query.languageIds]),
          isNotNull(t.contentStates.liveInode),
          eq(t.contentStates.archived, false),
        ),
      );
    for (const row of rows) out.push({ ...row, values: JSON.parse(row.values) as Record<string, unknown> });
  }
  return out;
}
