// How a test run turns the TypeScript into the JavaScript tap runs, beside each source file.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The TypeScript of the sources, the tests and the back office, declarations left out. */
function typeScriptSources(root) {
  const files = [];
  for (const folder of ['core', 'host', 'plugins', 'test', 'admin/src'])
    for (const entry of readdirSync(join(root, folder), { recursive: true })) {
      const file = join(folder, String(entry));
      if (file.endsWith('.ts') && !file.endsWith('.d.ts') && !file.endsWith('drizzle.config.ts')) files.push(file);
    }
  return files;
}

/**
 * esbuild, which only strips the types: about a second, where tsc's emit took a quarter of a minute
 * before the first test could start. The types are checked by `npm run typecheck`, which `npm test`
 * runs beside the tests (scripts/test-run/checks.mjs). The code uses no decorators, so no
 * decorator metadata is lost.
 */
export async function transpileWithEsbuild(root) {
  const { build } = await import('esbuild');
  const entryPoints = typeScriptSources(root);
  let result;
  try {
    result = await build({
      absWorkingDir: root,
      entryPoints,
      outdir: root,
      outbase: root,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      sourcemap: 'linked',
      logLevel: 'error',
      write: true,
      metafile: true,
    });
  } catch {
    // esbuild has printed what it could not read, and written nothing.
    return { ok: false, written: [] };
  }
  const written = Object.keys(result.metafile.outputs).map((file) => join(root, file));
  return { ok: result.errors.length === 0, written };
}
