import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { contentParentPathOf, parentPathOf, type Folder, type FolderRepository } from '../../../core/plugin/kit.js';
import type { Executor, Tables } from './context.js';
import { ignoringCase } from './sort-order.js';

type FolderRow = Tables['folders']['$inferSelect'];

function toFolder({ parentPath: _parent, ...folder }: FolderRow): Folder {
  return folder;
}

/**
 * The LIKE escape character. Not a backslash: MySQL reads backslashes in string literals and SQLite
 * does not, so `ESCAPE '!'` is the one spelling both take the same way.
 */
const LIKE_ESCAPE = '!';

/** A LIKE pattern matching every string that starts with `prefix`, its wildcards taken literally. */
function startsWith(column: SQLiteColumn, prefix: string): SQL {
  const escaped = prefix.replace(/[!%_]/g, (c) => `${LIKE_ESCAPE}${c}`);
  return sql`${column} like ${`${escaped}%`} escape '!'`;
}

/** `prefix` swapped for `replacement` at the start of the column's value (both dialects have concat and substr). */
function replacePrefix(column: SQLiteColumn, prefix: string, replacement: string): SQL {
  // substr counts characters (code points) on both dialects, as the spread does here.
  return sql`concat(${replacement}, substr(${column}, ${[...prefix].length + 1}))`;
}

/**
 * Content items in the folder at `path` or below: content keeps `/a/b` where the folder is `/a/b/`.
 * Ignoring case, as LIKE does on both dialects: content saved before folders were kept may have
 * paths in any case.
 */
function contentInOrBelow(t: Tables, hostId: string, path: string): SQL {
  return and(
    eq(t.contentIdentifiers.host, hostId),
    or(
      eq(ignoringCase(t.contentIdentifiers.parentPath), contentParentPathOf(path)),
      startsWith(t.contentIdentifiers.parentPath, path),
    ),
  )!;
}

export function folderRepository(exec: Executor, t: Tables): FolderRepository {
  const f = t.folders;
  return {
    insert: (folder) =>
      exec.write(async (db) => void (await db.insert(f).values({ ...folder, parentPath: parentPathOf(folder.path) }))),
    findById: (identifier) =>
      exec.read(
        async (db) => (await db.select().from(f).where(eq(f.identifier, identifier)).limit(1)).map(toFolder)[0],
      ),
    findByPath: (hostId, path) =>
      exec.read(
        async (db) =>
          (
            await db
              .select()
              .from(f)
              .where(and(eq(f.hostId, hostId), eq(f.path, path)))
              .limit(1)
          ).map(toFolder)[0],
      ),
    listChildren: (hostId, parentPath) =>
      exec.read(async (db) =>
        (
          await db
            .select()
            .from(f)
            .where(and(eq(f.hostId, hostId), eq(f.parentPath, parentPath)))
            .orderBy(asc(f.sortOrder), asc(ignoringCase(f.title)), asc(f.path))
        ).map(toFolder),
      ),
    listSubtree: (hostId, path) =>
      exec.read(async (db) =>
        (
          await db
            .select()
            .from(f)
            .where(and(eq(f.hostId, hostId), startsWith(f.path, path)))
            .orderBy(asc(f.path))
        ).map(toFolder),
      ),
    update: (folder) =>
      exec.write(
        async (db) =>
          void (await db
            .update(f)
            .set({
              name: folder.name,
              title: folder.title,
              showOnMenu: folder.showOnMenu,
              sortOrder: folder.sortOrder,
              defaultFileType: folder.defaultFileType,
              filesMasks: folder.filesMasks,
              modDate: folder.modDate,
              modUser: folder.modUser,
            })
            .where(eq(f.identifier, folder.identifier))),
      ),
    repath: ({ hostId, from, toHostId, to }) =>
      exec.write(async (db) => {
        // Content first: its condition reads the folder paths as they were.
        const fromParent = contentParentPathOf(from);
        const toParent = contentParentPathOf(to);
        await db
          .update(t.contentIdentifiers)
          .set({ host: toHostId, parentPath: replacePrefix(t.contentIdentifiers.parentPath, fromParent, toParent) })
          .where(contentInOrBelow(t, hostId, from));
        // Links name their folder by identifier: only a move to another site changes them (their site).
        if (toHostId !== hostId)
          await db
            .update(t.menuLinks)
            .set({ hostId: toHostId })
            .where(
              inArray(
                t.menuLinks.folder,
                db
                  .select({ identifier: f.identifier })
                  .from(f)
                  .where(and(eq(f.hostId, hostId), startsWith(f.path, from))),
              ),
            );
        // The folders below, then the folder itself, whose parent is not under `from`.
        await db
          .update(f)
          .set({
            hostId: toHostId,
            path: replacePrefix(f.path, from, to),
            parentPath: replacePrefix(f.parentPath, from, to),
          })
          .where(and(eq(f.hostId, hostId), startsWith(f.path, from), ne(f.path, from)));
        await db
          .update(f)
          .set({ hostId: toHostId, path: to, parentPath: parentPathOf(to) })
          .where(and(eq(f.hostId, hostId), eq(f.path, from)));
      }),
    deleteSubtree: (hostId, path) =>
      exec.write(async (db) => void (await db.delete(f).where(and(eq(f.hostId, hostId), startsWith(f.path, path))))),
    contentUnder: (hostId, path, limit) =>
      exec.read(async (db) =>
        (
          await db
            .select({ identifier: t.contentIdentifiers.identifier })
            .from(t.contentIdentifiers)
            .where(contentInOrBelow(t, hostId, path))
            .orderBy(asc(t.contentIdentifiers.identifier))
            .limit(limit)
        ).map((row) => row.identifier),
      ),
    contentParentPaths: () =>
      exec.read((db) =>
        db
          .selectDistinct({ hostId: t.contentIdentifiers.host, parentPath: t.contentIdentifiers.parentPath })
          .from(t.contentIdentifiers)
          .where(ne(t.contentIdentifiers.parentPath, '/'))
          .orderBy(asc(t.contentIdentifiers.host), asc(t.contentIdentifiers.parentPath)),
      ),
  };
}
