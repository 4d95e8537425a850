import { and, asc, eq } from 'drizzle-orm';
import type { Language, LanguageRepository } from '../../../core/plugin/kit.js';
import type { Dialect, Executor, Tables } from './context.js';

export function languageRepository(exec: Executor, t: Tables, dialect: Dialect): LanguageRepository {
  return {
    insert: (language) => exec.write((db) => dialect.insertReturningId(db, t.languages, language)),
    findById: (id) =>
      exec.read(
        async (db) =>
          (await db.select().from(t.languages).where(eq(t.languages.id, id)).limit(1))[0] as Language | undefined,
      ),
    findByCode: (languageCode, countryCode) =>
      exec.read(
        async (db) =>
          (
            await db
              .select()
              .from(t.languages)
              .where(and(eq(t.languages.languageCode, languageCode), eq(t.languages.countryCode, countryCode)))
              .limit(1)
          )[0] as Language | undefined,
      ),
    update: ({ id, ...columns }) =>
      exec.write(async (db) => void (await db.update(t.languages).set(columns).where(eq(t.languages.id, id)))),
    list: () =>
      exec.read(async (db) => (await db.select().from(t.languages).orderBy(asc(t.languages.id))) as Language[]),
  };
}
