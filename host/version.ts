import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let version: string | undefined;

/**
 * The service's version, from its package.json: the nearest one above this module, which is the
 * same file whether the module runs from the sources (`host/`) or from the build (`dist/host/`).
 */
export function serviceVersion(): string {
  version ??= readVersion();
  return version;
}

function readVersion(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? 'unknown';
    if (dirname(dir) === dir) return 'unknown';
  }
}
