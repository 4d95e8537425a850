import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './plugins/storage/sqlite/schema/index.ts',
  out: './plugins/storage/sqlite/migrations',
});
