// How a test run turns the TypeScript into the JavaScript tap runs, beside each source file.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const bin = (root, name) => join(root, 'node_modules', '.bin', name);

/**
 * tsc, which type-checks the sources and the tests on the way (`npm test`). Answers the files it
 * wrote and whether it succeeded; its diagnostics go to standard error.
 */
export function compileWithTsc(root) {
  const compiled = spawnSync(bin(root, 'tsc'), ['-p', 'test/tsconfig.emit.json', '--listEmittedFiles'], {
    cwd: root,
    encoding: 'utf8',
  });
  // tsc lists each file it wrote as `TSFILE: <path>`; everything else it prints is a diagnostic.
  const written = [];
  for (const line of compiled.stdout.split('\n')) {
    if (line.startsWith('TSFILE: ')) written.push(line.slice('TSFILE: '.length));
    else if (line.trim()) console.error(line);
  }
  process.stderr.write(compiled.stderr);
  return { ok: compiled.status === 0, written };
}

/** The TypeScript tsc's test configuration compiles: the sources and the tests, no declarations. */
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
 * esbuild, which only strips the types: about a second instead of tsc's dozen (`npm run test:fast`,
 * which a developer runs after each change; `npm test` and `npm run typecheck` check the types).
 * The code uses no decorators, so nothing is lost.
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
