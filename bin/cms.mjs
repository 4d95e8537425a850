#!/usr/bin/env node
// Starts the built service, without building it (`npm run build` first): what `npm start`,
// `npm run serve` and a systemd unit run. The service handles SIGTERM and SIGINT itself; `npm`
// scripts `exec` this file so that the signal npm forwards reaches this process, not a shell.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const main = new URL('../dist/bundle/host/main.js', import.meta.url);
if (!existsSync(main)) {
  process.stderr.write(`cms: ${fileURLToPath(main)} is missing: run \`npm run build\` first\n`);
  process.exit(1);
}
// What `node --enable-source-maps` does: stacks name the TypeScript sources.
process.setSourceMapsEnabled(true);
// Decorator metadata must be in place before any module that uses it is loaded.
await import('reflect-metadata');
await import(main.href);
