import { StartupError } from '../core/errors/index.js';
import { ADMIN_EMAIL } from '../core/model/user.js';
import { buildApp, type App } from './app.js';

/** Reads the environment, builds the app, listens, and stops gracefully on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let app: App;
  try {
    app = await buildApp();
  } catch (error) {
    // Start-up problems are the installer's to fix: say what is wrong, one line each, without a
    // stack trace (buildApp logs the whole error at debug level).
    const message =
      error instanceof StartupError ? error.message : `Start-up failed: ${(error as Error)?.message ?? error}`;
    process.stderr.write(message.replace(/^/gm, 'cms: ') + '\n');
    if (!(error instanceof StartupError)) process.stderr.write(`${(error as Error)?.stack ?? ''}\n`);
    process.exit(1);
  }
  try {
    await app.listen();
  } catch (error) {
    await app.close();
    process.stderr.write(`cms: ${(error as Error).message}\n`);
    process.exit(1);
  }
  if (app.generatedAdminPassword) {
    // Written once, on the first start only: the spec's way of handing over the initial password.
    app.logger.info(
      { user: ADMIN_EMAIL, initialAdminPassword: app.generatedAdminPassword },
      `Administrator created: ${ADMIN_EMAIL} with password ${app.generatedAdminPassword}`,
    );
  }
  let stopping = false;
  const stop = (signal: string) => {
    // npm forwards the signal a terminal's Ctrl-C already sent to the whole group: stop once.
    if (stopping) return;
    stopping = true;
    app.logger.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

void main();
