import { and, asc, count, desc, eq, gt, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import {
  STORED_ASSET_PREFIX,
  uniqueValueTaken,
  type ContentIdentifier,
  type ContentRepository,
  type ContentState,
  type ContentVersion,
  type ItemLanguageScan,
} from '../../../core/plugin/kit.js';
import { isUniqueViolation, type Dialect, type Executor, type Tables } from './context.js';
import { insertRow, runPrepared, upsertRow } from './prepared.js';
import { ignoringCase } from './sort-order.js';
import { liveInFolders } from './live-in-folders.js';
import { readInChunks } from './chunked-reads.js';

type VersionRow = Tables['contentVersions']['$inferSelect'];
const toVersion = (row: VersionRow): ContentVersion => ({
  ...row,
  values: JSON.parse(row.values) as Record<string, unknown>,
});

/** Versions read at a time when looking for asset references. */
const REFERENCE_PAGE = 500;
/** A stored asset path as it appears in values' JSON text: the opening quote, then the prefix (no LIKE wildcards in it). */
const MENTIONS_ASSET = `%"${STORED_ASSET_PREFIX}%`;

/** Adds to `found` every string in `value` (at any depth) that `wanted` holds. */
function collectReferences(value: unknown, wanted: ReadonlySet<string>, found: Set<string>): void {
  if (typeof value === 'string') {
    if (wanted.has(value)) found.add(value);
  } else if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) collectReferences(inner, wanted, found);
  }
}

export function contentRepository(exec: Executor, t: Tables, dialect: Dialect): ContentRepository {
  return {
    insertIdentifier: (identifier) =>
      exec.write(async (db) => void (await insertRow(db, t.contentIdentifiers, { ...identifier }))),
    findIdentifier: (identifier) =>
      exec.read(
        async (db) =>
          (
            await runPrepared<ContentIdentifier[]>(
              db,
              'findIdentifier',
              () =>
                db
                  .select()
                  .from(t.contentIdentifiers)
                  .where(eq(t.contentIdentifiers.identifier, sql.placeholder('identifier')))
                  .limit(1),
              { identifier },
            )
          )[0],
      ),
    findIdentifiers: (identifiers) =>
      readInChunks(identifiers, (chunk) =>
        exec.read((db) =>
          db.select().from(t.contentIdentifiers).where(inArray(t.contentIdentifiers.identifier, chunk)),
        ),
      ),
    updateIdentifier: (identifier) =>
      exec.write(
        async (db) =>
          void (await db
            .update(t.contentIdentifiers)
            .set(identifier)
            .where(eq(t.contentIdentifiers.identifier, identifier.identifier))),
      ),
    findByPath: (host, parentPath, assetName) =>
      exec.read(
        async (db) =>
          (
            await db
              .select()
              .from(t.contentIdentifiers)
              .where(
                and(
                  eq(t.contentIdentifiers.host, host),
                  // Paths ignore case as the original's look-ups do; MySQL's collation would anyway, SQLite's would not.
                  eq(ignoringCase(t.contentIdentifiers.parentPath), parentPath.toLowerCase()),
                  eq(ignoringCase(t.contentIdentifiers.assetName), assetName.toLowerCase()),
                ),
              )
              .limit(1)
          )[0],
      ),
    listLiveInFolders: (query) => exec.read((db) => liveInFolders(db, t, query)),
    listIdentifiersOfType: (contentTypeId, limit) =>
      exec.read(async (db) =>
        (
          await db
            .select({ identifier: t.contentIdentifiers.identifier })
            .from(t.contentIdentifiers)
            .where(eq(t.contentIdentifiers.contentTypeId, contentTypeId))
            .limit(limit)
        ).map((row) => row.identifier),
      ),
    countItemsOfTypes: (contentTypeIds) =>
      exec.read(async (db) => {
        if (contentTypeIds.length === 0) return new Map<string, number>();
        const rows = await db
          .select({ contentTypeId: t.contentIdentifiers.contentTypeId, total: count() })
          .from(t.contentIdentifiers)
          .where(inArray(t.contentIdentifiers.contentTypeId, [...new Set(contentTypeIds)]))
          .groupBy(t.contentIdentifiers.contentTypeId);
        return new Map(rows.map((row) => [row.contentTypeId, Number(row.total)]));
      }),
    scanItemLanguages: (query) =>
      exec.read((db) =>
        db
          .select({ identifier: t.contentStates.identifier, languageId: t.contentStates.languageId })
          .from(t.contentStates)
          .innerJoin(t.contentIdentifiers, eq(t.contentIdentifiers.identifier, t.contentStates.identifier))
          .where(and(...scanConditions(t, query)))
          .orderBy(asc(t.contentStates.identifier), asc(t.contentStates.languageId))
          .limit(query.limit),
      ),
    countItemLanguages: (query) =>
      exec.read(
        async (db) =>
          (
            await db
              .select({ total: count() })
              .from(t.contentStates)
              .innerJoin(t.contentIdentifiers, eq(t.contentIdentifiers.identifier, t.contentStates.identifier))
              .where(and(...scanConditions(t, query)))
          )[0]?.total ?? 0,
      ),
    deleteIdentifier: (identifier) =>
      exec.write(async (db) => {
        await db.delete(t.contentUniqueValues).where(eq(t.contentUniqueValues.identifier, identifier));
        await db.delete(t.contentStates).where(eq(t.contentStates.identifier, identifier));
        await db.delete(t.contentVersions).where(eq(t.contentVersions.identifier, identifier));
        await db.delete(t.contentIdentifiers).where(eq(t.contentIdentifiers.identifier, identifier));
      }),
    insertVersion: (version) =>
      exec.write(
        async (db) =>
          void (await insertRow(db, t.contentVersions, { ...version, values: JSON.stringify(version.values) })),
      ),
    findVersion: (inode) =>
      exec.read(
        async (db) =>
          (
            await runPrepared<VersionRow[]>(
              db,
              'findVersion',
              () =>
                db
                  .select()
                  .from(t.contentVersions)
                  .where(eq(t.contentVersions.inode, sql.placeholder('inode')))
                  .limit(1),
              { inode },
            )
          ).map(toVersion)[0],
      ),
    findVersions: (inodes) =>
      readInChunks(inodes, (chunk) =>
        exec.read(async (db) =>
          (await db.select().from(t.contentVersions).where(inArray(t.contentVersions.inode, chunk))).map(toVersion),
        ),
      ),
    listVersions: (identifier, languageId) =>
      exec.read(async (db) =>
        (
          await db
            .select()
            .from(t.contentVersions)
            .where(and(eq(t.contentVersions.identifier, identifier), eq(t.contentVersions.languageId, languageId)))
            .orderBy(desc(t.contentVersions.modDate), desc(t.contentVersions.inode))
        ).map(toVersion),
      ),
    deleteLanguage: (identifier, languageId) =>
      exec.write(async (db) => {
        await db
          .delete(t.contentUniqueValues)
          .where(
            and(eq(t.contentUniqueValues.identifier, identifier), eq(t.contentUniqueValues.languageId, languageId)),
          );
        await db
          .delete(t.contentStates)
          .where(and(eq(t.contentStates.identifier, identifier), eq(t.contentStates.languageId, languageId)));
        await db
          .delete(t.contentVersions)
          .where(and(eq(t.contentVersions.identifier, identifier), eq(t.contentVersions.languageId, languageId)));
      }),
    referencedAssetPaths: async (paths) => {
      const wanted = new Set(paths);
      const found = new Set<string>();
      if (wanted.size === 0) return found;
      // NOTE: values are JSON text on both dialects, so no index helps: the versions that mention an
      // asset path at all are read in pages by inode (each page its own short read, so that no
      // connection is held for the whole scan), and their values searched here.
      for (let after = ''; ;) {
        const page = await exec.read((db) =>
          db
            .select({ inode: t.contentVersions.inode, values: t.contentVersions.values })
            .from(t.contentVersions)
            .where(and(gt(t.contentVersions.inode, after), like(t.contentVersions.values, MENTIONS_ASSET)))
            .orderBy(asc(t.contentVersions.inode))
            .limit(REFERENCE_PAGE),
        );
        for (const row of page) collectReferences(JSON.parse(row.values), wanted, found);
        const last = page.at(-1);
        if (page.length < REFERENCE_PAGE || !last) return found;
        after = last.inode;
      }
    },
    findState: (identifier, languageId) =>
      exec.read(
        async (db) =>
          (
            await runPrepared<ContentState[]>(
              db,
              'findState',
              () =>
                db
                  .select()
                  .from(t.contentStates)
                  .where(
                    and(
                      eq(t.contentStates.identifier, sql.placeholder('identifier')),
                      eq(t.contentStates.languageId, sql.placeholder('languageId')),
                    ),
                  )
                  .limit(1),
              { identifier, languageId },
            )
          )[0],
      ),
    // Prepared: a cached content answer reads the item's states on every request.
    listStates: (identifier) =>
      exec.read((db) =>
        runPrepared<ContentState[]>(
          db,
          'listStates',
          () =>
            db
              .select()
              .from(t.contentStates)
              .where(eq(t.contentStates.identifier, sql.placeholder('identifier')))
              .orderBy(t.contentStates.languageId),
          { identifier },
        ),
      ),
    listStatesOf: (identifiers) =>
      readInChunks(identifiers, (chunk) =>
        exec.read(
          async (db) =>
            (await db
              .select()
              .from(t.contentStates)
              .where(inArray(t.contentStates.identifier, chunk))) as ContentState[],
        ),
      ),
    putState: (state) =>
      exec.write((db) =>
        upsertRow({ db, dialect }, t.contentStates, [t.contentStates.identifier, t.contentStates.languageId], {
          ...state,
        }),
      ),
    findUniqueHolder: (fieldId, languageId, valueHash) =>
      exec.read(
        async (db) =>
          (
            await db
              .select({ identifier: t.contentUniqueValues.identifier })
              .from(t.contentUniqueValues)
              .where(
                and(
                  eq(t.contentUniqueValues.fieldId, fieldId),
                  eq(t.contentUniqueValues.languageId, languageId),
                  eq(t.contentUniqueValues.valueHash, valueHash),
                ),
              )
              .limit(1)
          )[0]?.identifier,
      ),
    claimUniqueValues: (identifier, languageId, claims) =>
      exec.write(async (db) => {
        await db
          .delete(t.contentUniqueValues)
          .where(
            and(eq(t.contentUniqueValues.identifier, identifier), eq(t.contentUniqueValues.languageId, languageId)),
          );
        for (const claim of claims) {
          try {
            await db.insert(t.contentUniqueValues).values({ ...claim, languageId, identifier });
          } catch (error) {
            if (!isUniqueViolation(error, dialect)) throw error;
            throw uniqueValueTaken(claim.fieldId, error);
          }
        }
      }),
  };
}

/** The conditions of a keyset scan: past `after` in (identifier, languageId) order, of a type or site. */
function scanConditions(t: Tables, query: Partial<ItemLanguageScan>): SQL[] {
  const conditions: SQL[] = [];
  if (query.contentTypeId) conditions.push(eq(t.contentIdentifiers.contentTypeId, query.contentTypeId));
  if (query.host) conditions.push(eq(t.contentIdentifiers.host, query.host));
  const after = query.after;
  if (after)
    conditions.push(
      or(
        gt(t.contentStates.identifier, after.identifier),
        and(eq(t.contentStates.identifier, after.identifier), gt(t.contentStates.languageId, after.languageId)),
      )!,
    );
  return conditions;
}
