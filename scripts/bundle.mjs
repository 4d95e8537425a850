// The service as a few dozen files instead of seven hundred: esbuild bundles the sources into
// `dist/bundle/` (`npm run build` runs this after tsc), and `bin/cms.mjs` starts that. A process
// of the unbundled build spent most of its start loading modules one by one (stat, read, compile
// and a source map each: about 0.85 s of 1.7 s to listening); each worker thread paid it again.
//
// The bundle keeps the layout of the sources for its entry points (`host/main.js`, the workers, the
// plugin kit, each built-in plugin) and puts what they share in `chunks/`. Code that finds files
// next to itself (`new URL('./migrations', import.meta.url)`, a worker's file, the kit a plugin is
// given) would look beside its chunk instead, so each module's `import.meta.url` is rewritten to
// the place its file has in the bundle's layout, and the migrations are copied there.
//
// Packages with native code, their own worker files or files they read at run time stay outside
// (EXTERNAL) and load from node_modules; so do the large ones loaded only when a configuration asks.
// The rest are bundled: loading drizzle-orm's files alone was a tenth of a second.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyMigrations } from './copy-migrations.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The folder name every bundle's root has: the rewritten `import.meta.url` finds the root by it. */
const BUNDLE_DIR = 'bundle';

const EXTERNAL = [
  // Native code.
  'better-sqlite3',
  'uWebSockets.js',
  // Starts its own worker file from its package folder.
  'piscina',
  // Read from its package folder at run time (the API docs' assets; the password dictionary).
  'swagger-ui-dist',
  '@zxcvbn-ts/language-common',
  // Loaded only when configured or first used (MySQL storage, Elasticsearch, mail, outbound HTTP).
  'mysql2',
  '@elastic/elasticsearch',
  'nodemailer',
  'undici',
];

/** Files run as processes or threads of their own, and what is imported by URL at run time. */
function entryPoints(root) {
  const entries = [
    'host/main.ts',
    'host/search/reindex-main.ts',
    // What a plugin imports as `cms/plugin` and `cms/plugin/testing` (host/plugins/kit-resolution.ts).
    'core/plugin/kit.ts',
    'core/plugin/testing/index.ts',
  ];
  for (const folder of ['host', 'plugins'])
    for (const entry of readdirSync(join(root, folder), { recursive: true })) {
      const file = join(folder, String(entry));
      // Worker threads (`new URL('./x-worker.js', import.meta.url)`) and every plugin's descriptor
      // module (the built-in ones are imported by URL: host/plugins/builtin-plugins.ts).
      if (/-worker\.ts$/.test(file) || /^plugins\/(?!.*\/schema\/).*index\.ts$/.test(file)) entries.push(file);
    }
  return entries;
}

/**
 * Our modules as TypeScript, and each one's `import.meta.url` replaced with the URL its file has in
 * the bundle's layout, found at run time from the URL of the file it ended up in (an entry or a
 * chunk, both inside the root). `.ts` is taken even where a `.js` lies beside it: `npm test` writes
 * those while it bundles, and they would escape the rewrite.
 */
function ourSources(root) {
  const marker = `/${BUNDLE_DIR}/`;
  const bundleRoot = `import.meta.url.slice(0, import.meta.url.lastIndexOf(${JSON.stringify(marker)}) + ${marker.length})`;
  return {
    name: 'our-sources',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\/.*\.js$/ }, (args) => {
        if (!args.importer.endsWith('.ts')) return undefined;
        const typescript = join(dirname(args.importer), args.path.replace(/\.js$/, '.ts'));
        return existsSync(typescript) ? { path: typescript } : undefined;
      });
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const path = relative(root, args.path).replace(/\.ts$/, '.js');
        const url = `new URL(${JSON.stringify(path)}, ${bundleRoot}).href`;
        return { contents: source.replaceAll('import.meta.url', `(${url})`), loader: 'ts' };
      });
    },
  };
}

/**
 * Bundles the service into `<parent>/bundle/` (emptied first) and copies the files its modules read
 * beside themselves. Answers the bundle's folder.
 */
export async function bundleService({ root = ROOT, parent = join(root, 'dist') } = {}) {
  const { build } = await import('esbuild');
  const outdir = join(parent, BUNDLE_DIR);
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: entryPoints(root),
    outdir,
    outbase: root,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: EXTERNAL,
    // Bundled CommonJS packages call `require`, which an ES module has not: one per file.
    banner: {
      js: "import { createRequire as __cmsCreateRequire } from 'node:module'; const require = __cmsCreateRequire(import.meta.url);",
    },
    chunkNames: 'chunks/[name]-[hash]',
    // Stacks name the TypeScript files; the sources themselves are not copied into the maps (Node
    // reads every map when source maps are on, and the texts made them ten times the size).
    sourcemap: 'linked',
    sourcesContent: false,
    plugins: [ourSources(root)],
    logLevel: 'warning',
  });
  copyMigrations(root, outdir);
  return outdir;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await bundleService();
