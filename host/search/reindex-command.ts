import type { Environment } from '../../core/config/config.js';
import { StartupError } from '../../core/errors/index.js';
import { ADMIN_EMAIL } from '../../core/model/user.js';
import { Reindexer, type ReindexProgress } from '../../core/search/reindexer.js';
import { buildApp, type App } from '../app.js';
import type { LogSink } from '../logger.js';
import { progressView, type ProgressView } from './reindex-progress.js';

type Out = NodeJS.WritableStream & { isTTY?: boolean };

export interface ReindexCommandIo {
  env: Environment;
  cwd: string;
  out: Out;
  err: Out;
}

/** How often the view is redrawn from the reindexer's progress. */
const POLL_MS = 100;

/**
 * `npm run reindex`: the service as configured (storage, plugins, search index: `buildApp`, without
 * listening), one full reindex, then a stop. Answers the exit status: 0 once the rebuilt index is in
 * place, 1 with the reason otherwise (the index then stays as it was).
 */
export async function runReindexCommand(io: ReindexCommandIo): Promise<number> {
  const fail = (message: string) => {
    io.err.write(`cms reindex: ${message}\n`);
    return 1;
  };
  let app: App;
  try {
    app = await buildApp({ env: io.env, cwd: io.cwd, logSink: problemsOnly(io.err) });
  } catch (error) {
    return fail(error instanceof StartupError ? error.message : `start-up failed: ${(error as Error).message}`);
  }
  try {
    if (app.generatedAdminPassword)
      io.err.write(
        `cms reindex: first start on this data directory: administrator ${ADMIN_EMAIL} created with password ${app.generatedAdminPassword}\n`,
      );
    const reindexer = app.services.reindexer;
    // Start-up rebuilds an index that is empty beside content on its own: that is the full reindex
    // asked for, so it is followed rather than refused as SEARCH_REINDEX_RUNNING.
    const view = progressView(io.out);
    // Our own reindex reports every batch; one start-up began is followed by polling.
    if (reindexer.status().state !== 'running') reindexer.start((progress) => view.show(progress));
    const result = await follow(reindexer, view);
    if (result.state !== 'completed')
      return fail(`the reindex failed: ${result.error}; searches keep the index as it was`);
    io.out.write(`reindex completed: ${result.done} items in ${result.finishedAt! - result.startedAt!} ms\n`);
    return 0;
  } catch (error) {
    return fail((error as Error).message);
  } finally {
    await app.close();
  }
}

async function follow(reindexer: Reindexer, view: ProgressView): Promise<ReindexProgress> {
  view.show(reindexer.status());
  const timer = setInterval(() => view.show(reindexer.status()), POLL_MS);
  try {
    const result = await reindexer.settled();
    view.end(result);
    return result;
  } finally {
    clearInterval(timer);
  }
}

/** The service's log lines would bury the bar: only warnings and errors, on standard error. */
function problemsOnly(err: Out): LogSink {
  return {
    write(lines) {
      for (const line of lines.split('\n')) if (/^\{"level":"(warn|error|fatal)"/.test(line)) err.write(`${line}\n`);
    },
  };
}
