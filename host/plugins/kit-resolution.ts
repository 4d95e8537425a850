import { register } from 'node:module';

/**
 * The module hook that gives every plugin, wherever it is installed, the running service's own
 * plugin kit for `import ... from 'cms/plugin'` (and its contract suites for `cms/plugin/testing`,
 * the other entry point the package exports). Without it a package installed next to the
 * service finds no `cms` package to import from (the service is the project, not one of its
 * dependencies), and a plugin that found another copy of the kit would throw error classes the
 * service does not recognise. Any other `cms/...` path is refused: the kit is all a plugin may use.
 *
 * Written as a data: module so that it loads the same from the sources and from `dist/`.
 */
const HOOK = `
let entries;
export function initialize(data) {
  entries = data.entries;
}
export async function resolve(specifier, context, next) {
  if (Object.hasOwn(entries, specifier)) return next(entries[specifier], context);
  if (specifier === 'cms' || specifier.startsWith('cms/')) {
    throw new Error('"' + specifier + '" is not part of the plugin kit: a plugin imports from "cms/plugin" only');
  }
  return next(specifier, context);
}`;

let registered = false;

/** Installs the hook once per process (the service may be built several times in one process: tests). */
export function resolveKitForPlugins(): void {
  if (registered) return;
  registered = true;
  const entries = {
    'cms/plugin': new URL('../../core/plugin/kit.js', import.meta.url).href,
    'cms/plugin/testing': new URL('../../core/plugin/testing/index.js', import.meta.url).href,
  };
  register(`data:text/javascript,${encodeURIComponent(HOOK)}`, { data: { entries } });
}
