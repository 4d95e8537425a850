import { eq, inArray, sql } from 'drizzle-orm';
import type { SettingRepository } from '../../../core/plugin/kit.js';
import type { Db, Dialect, Executor, Tables } from './context.js';
import { runPrepared, upsertRow } from './prepared.js';

export function settingRepository(exec: Executor, t: Tables, dialect: Dialect): SettingRepository {
  // Prepared: the definitions version is read by every save and fire.
  const get = async (db: Db, key: string) =>
    (
      await runPrepared<Array<{ value: string }>>(
        db,
        'getSetting',
        () =>
          db
            .select()
            .from(t.settings)
            .where(eq(t.settings.key, sql.placeholder('key')))
            .limit(1),
        { key },
      )
    )[0]?.value;
  return {
    get: (key) => exec.read((db) => get(db, key)),
    getTwo: (first, second) =>
      exec.read(async (db) => {
        const rows = await runPrepared<Array<{ key: string; value: string }>>(
          db,
          'getTwoSettings',
          () =>
            db
              .select()
              .from(t.settings)
              .where(inArray(t.settings.key, [sql.placeholder('first'), sql.placeholder('second')])),
          { first, second },
        );
        return [rows.find((r) => r.key === first)?.value, rows.find((r) => r.key === second)?.value];
      }),
    putIfAbsent: (key, value) =>
      exec.write(async (db) => {
        await dialect.insertSettingIfAbsent(db, t.settings, { key, value });
        return (await get(db, key))!;
      }),
    put: (key, value) =>
      exec.write(async (db) => {
        await upsertRow({ db, dialect }, t.settings, [t.settings.key], { key, value });
      }),
  };
}
