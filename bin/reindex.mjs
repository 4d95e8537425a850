#!/usr/bin/env node
// Rebuilds the search index of the service configured here (the same environment and data directory
// as `npm start`), from the build (`npm run reindex` builds first). See docs/search.md.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const main = new URL('../dist/bundle/host/search/reindex-main.js', import.meta.url);
if (!existsSync(main)) {
  process.stderr.write(`cms reindex: ${fileURLToPath(main)} is missing: run \`npm run build\` first\n`);
  process.exit(1);
}
process.setSourceMapsEnabled(true);
// Decorator metadata must be in place before any module that uses it is loaded.
await import('reflect-metadata');
await import(main.href);
