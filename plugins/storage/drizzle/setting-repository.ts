import { eq } from 'drizzle-orm';
import type { SettingRepository } from '../../../core/plugin/storage-driver.js';
import type { Dialect, Executor, Tables } from './context.js';

export function settingRepository(exec: Executor, t: Tables, dialect: Dialect): SettingRepository {
  const get = (db: Parameters<Parameters<Executor['read']>[0]>[0], key: string) =>
    db.select().from(t.settings).where(eq(t.settings.key, key)).limit(1).then((rows) => rows[0]?.value);
  return {
    get: (key) => exec.read((db) => get(db, key)),
    putIfAbsent: (key, value) =>
      exec.write(async (db) => {
        await dialect.insertSettingIfAbsent(db, t.settings, { key, value });
        return (await get(db, key))!;
      }),
  };
}
