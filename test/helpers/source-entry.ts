import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Whether the tests run as the JavaScript that `npm test` compiles beside the sources, rather than
 * as TypeScript through tsx (`npx tap <file>`). This module is compiled, or not, with the test that
 * imports it, so its own extension tells.
 */
export const COMPILED = import.meta.url.endsWith('.js');

/**
 * What Node needs before a script that loads our sources. Compiled, nothing: a process of ours
 * starts as plain JavaScript, seconds cheaper than loading hundreds of modules through tsx. From the
 * TypeScript, tsx's loader, resolved here so that it is found from any working directory.
 */
export const SOURCE_LOADER: readonly string[] = COMPILED
  ? ['--enable-source-maps']
  : ['--import', import.meta.resolve('tsx')];

/**
 * The file of one of our modules, named from the repository root without extension (`host/main`):
 * the JavaScript beside it when the tests run compiled, the TypeScript otherwise.
 */
export function sourceFile(path: string): string {
  return fileURLToPath(new URL(`../../${path}.${COMPILED ? 'js' : 'ts'}`, import.meta.url));
}

/**
 * The bundle `npm test` makes of the service (scripts/bundle.mjs), as `npm run build` makes it for
 * production: processes of the service start from it, in about half the time.
 */
const BUNDLE = COMPILED ? process.env.CMS_TEST_SERVICE_BUNDLE : undefined;

/**
 * The arguments to Node that run one of our entry points (`host/main`) as a process of its own:
 * from the run's bundle when there is one, else from the sources.
 */
export function serviceEntry(path: string): string[] {
  if (BUNDLE) return ['--enable-source-maps', join(BUNDLE, `${path}.js`)];
  return [...SOURCE_LOADER, sourceFile(path)];
}
