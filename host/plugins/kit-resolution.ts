import { register } from 'node:module';

/**
 * The module hook that gives every plugin, wherever it is installed, the running service's own
 * plugin kit for `import ... from 'cms/plugin'`. Without it a package installed next to the
 * service finds no `cms` package to import from (the service is the project, not one of its
 * dependencies), and a plugin that found another copy of the kit would throw error classes the
 * service does not recognise. Any other `cms/...` path is refused: the kit is all a plugin may use.
 *
 * Written as a data: module so that it loads the same from the sources and from `dist/`.
 */
const HOOK = `
let kit;
export function initialize(data) {
  kit = data.kit;
}
export async function resolve(specifier, context, next) {
  if (specifier === 'cms/plugin') return next(kit, context);
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
  const kit = new URL('../../core/plugin/kit.js', import.meta.url).href;
  register(`data:text/javascript,${encodeURIComponent(HOOK)}`, { data: { kit } });
}
