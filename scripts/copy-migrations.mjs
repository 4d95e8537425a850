// tsc compiles only TypeScript; the SQL migrations travel next to the compiled drivers.
import { cpSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

// `analytics-migrations`: SQLite's analytics database has migrations of its own.
for (const driver of readdirSync('plugins/storage')) {
  for (const folder of ['migrations', 'analytics-migrations']) {
    const from = join('plugins/storage', driver, folder);
    if (existsSync(from)) cpSync(from, join('dist/plugins/storage', driver, folder), { recursive: true });
  }
}
