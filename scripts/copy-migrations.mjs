// tsc compiles only TypeScript; the SQL migrations travel next to the compiled drivers.
import { cpSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

for (const driver of readdirSync('plugins/storage')) {
  const from = join('plugins/storage', driver, 'migrations');
  if (existsSync(from)) cpSync(from, join('dist/plugins/storage', driver, 'migrations'), { recursive: true });
}
