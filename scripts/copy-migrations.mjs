// tsc compiles only TypeScript; the SQL migrations travel next to the compiled drivers (and, called
// by scripts/bundle.mjs, next to the bundled ones).
import { cpSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Copies each storage driver's migration folders from `<root>/plugins/storage` to `<to>/plugins/storage`. */
export function copyMigrations(root, to) {
  // `analytics-migrations`: SQLite's analytics database has migrations of its own.
  for (const driver of readdirSync(join(root, 'plugins/storage'))) {
    for (const folder of ['migrations', 'analytics-migrations']) {
      const from = join(root, 'plugins/storage', driver, folder);
      if (existsSync(from)) cpSync(from, join(to, 'plugins/storage', driver, folder), { recursive: true });
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) copyMigrations('.', 'dist');
