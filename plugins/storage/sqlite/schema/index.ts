// SQLite tables, one file per area. Same shape as ../../mysql/schema/ (a type-level test keeps them
// in step); drizzle-kit reads this index (drizzle.config.ts) and makes the migrations from it.
export * from './access.js';
export * from './site-tree.js';
export * from './definitions.js';
export * from './content.js';
export * from './workflow.js';
export * from './system.js';
export * from './publishing.js';
export * from './analytics.js';
