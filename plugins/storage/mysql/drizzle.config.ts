import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'mysql',
  schema: './plugins/storage/mysql/schema/index.ts',
  out: './plugins/storage/mysql/migrations',
});
