import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { StartupError } from '../../core/errors/index.js';

type Exports = string | null | { [key: string]: Exports } | Exports[];

/** The conditions a plugin's entry is chosen by: it is imported, by Node. */
const CONDITIONS = new Set(['import', 'node', 'default']);

/**
 * The entry module of a package installed in `node_modules` of the working directory or of one of
 * its parents (the service may run from a directory of its own, with its plugins installed there),
 * or undefined when none holds it. Reads `exports` for `.` (a string, or the `import`, `node` or
 * `default` condition), then `main`, then `index.js`: what Node would import.
 */
export function resolvePackageFrom(cwd: string, name: string): string | undefined {
  for (let dir = cwd; ; dir = dirname(dir)) {
    const root = join(dir, 'node_modules', name);
    if (existsSync(join(root, 'package.json'))) return pathToFileURL(join(root, entryOf(root, name))).href;
    if (dirname(dir) === dir) return undefined;
  }
}

function entryOf(root: string, name: string): string {
  let manifest: { exports?: Exports; main?: string };
  try {
    manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as typeof manifest;
  } catch (cause) {
    throw new StartupError(
      `Configuration property plugins="${name}": ${join(root, 'package.json')} cannot be read (${(cause as Error).message})`,
      { cause },
    );
  }
  const exported = manifest.exports === undefined ? undefined : pick(dotEntry(manifest.exports));
  return exported ?? manifest.main ?? 'index.js';
}

/** `exports` either maps subpaths (`.`, `./x`) or is the entry of `.` itself. */
function dotEntry(exports: Exports): Exports {
  if (exports && typeof exports === 'object' && !Array.isArray(exports)) {
    const keys = Object.keys(exports);
    if (keys.some((k) => k.startsWith('.'))) return exports['.'] ?? null;
  }
  return exports;
}

function pick(target: Exports): string | undefined {
  if (typeof target === 'string') return target;
  if (Array.isArray(target)) return target.map(pick).find((t) => t !== undefined);
  if (!target) return undefined;
  // As Node does: the first key, in the package's order, that is one of our conditions.
  for (const [condition, value] of Object.entries(target)) {
    const chosen = CONDITIONS.has(condition) ? pick(value) : undefined;
    if (chosen !== undefined) return chosen;
  }
  return undefined;
}
