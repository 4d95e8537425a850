import { defineConfig } from 'drizzle-kit';

/** The analytics database's own migrations (see open-analytics-sqlite.ts). */
export default defineConfig({
  dialect: 'sqlite',
  schema: './plugins/storage/sqlite/analytics-schema.ts',
  out: './plugins/storage/sqlite/analytics-migrations',
});
