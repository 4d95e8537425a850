import { and, desc, eq } from 'drizzle-orm';
import { RecordNotUniqueError } from '../../../core/errors.js';
import type { ContentState, ContentVersion } from '../../../core/model/contentlet.js';
import type { ContentRepository } from '../../../core/plugin/storage-driver.js';
import { isUniqueViolation, type Dialect, type Executor, type Tables } from './context.js';

type VersionRow = Tables['contentVersions']['$inferSelect'];
const toVersion = (row: VersionRow): ContentVersion => ({ ...row, values: JSON.parse(row.values) as Record<string, unknown> });

export function contentRepository(exec: Executor, t: Tables, dialect: Dialect): ContentRepository {
  return {
    insertIdentifier: (identifier) => exec.write(async (db) => void (await db.insert(t.contentIdentifiers).values(identifier))),
    findIdentifier: (identifier) => exec.read(async (db) => (await db.select().from(t.contentIdentifiers).where(eq(t.contentIdentifiers.identifier, identifier)).limit(1))[0]),
    updateIdentifier: (identifier) => exec.write(async (db) => void (await db.update(t.contentIdentifiers).set(identifier).where(eq(t.contentIdentifiers.identifier, identifier.identifier)))),
    findByPath: (host, parentPath, assetName) =>
      exec.read(async (db) =>
        (await db.select().from(t.contentIdentifiers)
          .where(and(eq(t.contentIdentifiers.host, host), eq(t.contentIdentifiers.parentPath, parentPath), eq(t.contentIdentifiers.assetName, assetName))).limit(1))[0]),
    deleteIdentifier: (identifier) =>
      exec.write(async (db) => {
        await db.delete(t.contentUniqueValues).where(eq(t.contentUniqueValues.identifier, identifier));
        await db.delete(t.contentStates).where(eq(t.contentStates.identifier, identifier));
        await db.delete(t.contentVersions).where(eq(t.contentVersions.identifier, identifier));
        await db.delete(t.contentIdentifiers).where(eq(t.contentIdentifiers.identifier, identifier));
      }),
    insertVersion: (version) => exec.write(async (db) => void (await db.insert(t.contentVersions).values({ ...version, values: JSON.stringify(version.values) }))),
    findVersion: (inode) => exec.read(async (db) => (await db.select().from(t.contentVersions).where(eq(t.contentVersions.inode, inode)).limit(1)).map(toVersion)[0]),
    listVersions: (identifier, languageId) =>
      exec.read(async (db) =>
        (await db.select().from(t.contentVersions).where(and(eq(t.contentVersions.identifier, identifier), eq(t.contentVersions.languageId, languageId))).orderBy(desc(t.contentVersions.modDate), desc(t.contentVersions.inode))).map(toVersion),
      ),
    deleteLanguage: (identifier, languageId) =>
      exec.write(async (db) => {
        await db.delete(t.contentUniqueValues).where(and(eq(t.contentUniqueValues.identifier, identifier), eq(t.contentUniqueValues.languageId, languageId)));
        await db.delete(t.contentStates).where(and(eq(t.contentStates.identifier, identifier), eq(t.contentStates.languageId, languageId)));
        await db.delete(t.contentVersions).where(and(eq(t.contentVersions.identifier, identifier), eq(t.contentVersions.languageId, languageId)));
      }),
    findState: (identifier, languageId) =>
      exec.read(async (db) => (await db.select().from(t.contentStates).where(and(eq(t.contentStates.identifier, identifier), eq(t.contentStates.languageId, languageId))).limit(1))[0] as ContentState | undefined),
    listStates: (identifier) => exec.read(async (db) => (await db.select().from(t.contentStates).where(eq(t.contentStates.identifier, identifier)).orderBy(t.contentStates.languageId)) as ContentState[]),
    putState: (state) =>
      exec.write(async (db) => {
        // Delete-then-insert is the same SQL on every dialect; callers hold a transaction.
        await db.delete(t.contentStates).where(and(eq(t.contentStates.identifier, state.identifier), eq(t.contentStates.languageId, state.languageId)));
        await db.insert(t.contentStates).values(state);
      }),
    findUniqueHolder: (fieldId, languageId, valueHash) =>
      exec.read(async (db) =>
        (await db.select({ identifier: t.contentUniqueValues.identifier }).from(t.contentUniqueValues)
          .where(and(eq(t.contentUniqueValues.fieldId, fieldId), eq(t.contentUniqueValues.languageId, languageId), eq(t.contentUniqueValues.valueHash, valueHash))).limit(1))[0]?.identifier),
    claimUniqueValues: (identifier, languageId, claims) =>
      exec.write(async (db) => {
        await db.delete(t.contentUniqueValues).where(and(eq(t.contentUniqueValues.identifier, identifier), eq(t.contentUniqueValues.languageId, languageId)));
        for (const claim of claims) {
          try {
            await db.insert(t.contentUniqueValues).values({ ...claim, languageId, identifier });
          } catch (error) {
            if (!isUniqueViolation(error, dialect)) throw error;
            throw new RecordNotUniqueError('Another content item already holds this value', { fieldName: claim.fieldId, cause: error });
          }
        }
      }),
  };
}
