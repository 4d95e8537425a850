import { runReindexCommand } from './reindex-command.js';

/** `npm run reindex` (bin/reindex.mjs): rebuilds the search index of the configured service. */
process.exitCode = await runReindexCommand({
  env: process.env,
  cwd: process.cwd(),
  out: process.stdout,
  err: process.stderr,
});
