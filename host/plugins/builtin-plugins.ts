import type { PluginSource } from './load-plugins.js';

/**
 * The plugins that ship with the service. They load through exactly the path third-party plugins
 * take (`import()` of a module whose default export is a descriptor): no back door.
 */
const BUILTIN_MODULES = [
  '../../plugins/auth/index.js',
  '../../plugins/field-types/index.js',
  '../../plugins/actionlets/index.js',
  '../../plugins/mail/index.js',
  '../../plugins/translation/google/index.js',
  '../../plugins/assets/index.js',
  '../../plugins/search/embedded/index.js',
  '../../plugins/search/elasticsearch/index.js',
  '../../plugins/storage/sqlite/index.js',
  '../../plugins/storage/mysql/index.js',
];

export const BUILTIN_PLUGINS: readonly PluginSource[] = BUILTIN_MODULES.map((path) => ({
  specifier: `builtin:${path.replace(/^(\.\.\/)+plugins\//, '').replace(/\/index\.js$|\.js$/, '')}`,
  url: new URL(path, import.meta.url).href,
  builtin: true,
}));
