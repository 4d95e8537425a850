import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: { version: string; root: string } | undefined;

/**
 * The service's own version, from its package.json: shown in the start-up line, given to built-in
 * plugins, and what a plugin's `cmsVersion` is checked against. Found by walking up from this file,
 * because it runs from the sources (tests) and from `dist/` (production), at different depths.
 */
export function serviceVersion(): string {
  return ownPackage().version;
}

/** The folder of the service's package.json: where its built files are. */
export function serviceRoot(): string {
  return ownPackage().root;
}

function ownPackage(): { version: string; root: string } {
  if (cached !== undefined) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const found = readPackage(join(dir, 'package.json'));
    if (found?.name === 'cms' && typeof found.version === 'string')
      return (cached = { version: found.version, root: dir });
    const parent = dirname(dir);
    if (parent === dir) throw new Error('The service cannot find its own package.json (name "cms")');
    dir = parent;
  }
}

function readPackage(file: string): { name?: unknown; version?: unknown } | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
  } catch {
    return undefined;
  }
}
