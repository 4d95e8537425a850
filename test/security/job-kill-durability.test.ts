import t from 'tap';
import { startMailCatcher, until } from '../helpers/mail-catcher.js';
import { createTestDatabase } from '../helpers/mysql-database.js';
import { notifyScheme } from '../helpers/notify-scheme.js';
import { adminCaller, startService } from '../helpers/service-process.js';
import { tempDataDir } from '../helpers/test-app.js';

const PASSWORD = 'durability-password';
const FIRES = 5;
const caller = (url: string) => adminCaller(url, PASSWORD);

// A mail job committed with its fire survives kill -9 before it is sent, and is sent once after the restart.
for (const storage of ['sqlite', 'mysql'] as const) {
  t.test(
    `kill -9 between the commit and the send: each mail sent exactly once after the restart, on ${storage}`,
    async (t) => {
      const peer = await startMailCatcher(t);
      const env: Record<string, string> = { CMS_DATA_DIR: tempDataDir(t), ...peer.env, CMS_JOBS_POLL_MS: '50' };
      if (storage === 'mysql') {
        const database = await createTestDatabase(t);
        if (!database) return;
        Object.assign(env, { CMS_STORAGE_DRIVER: 'mysql', CMS_STORAGE_MYSQL_URL: database });
      }
      // This process writes jobs and never sends them: it dies with every job committed and unsent.
      const first = await startService(t, { ...env, CMS_JOBS_DISPATCH: 'false' }, PASSWORD);
      const { submit, fire } = await notifyScheme(caller(first.url), 'cms.org.1');
      for (let i = 0; i < FIRES; i++) t.equal((await fire(submit, `story ${i}`)).status, 200);
      const written = (await caller(first.url)('GET', '/api/v1/jobs?status=pending')).json;
      t.equal(written.pagination.totalEntries, FIRES, 'one job per fire, committed');
      first.child.kill('SIGKILL');
      await new Promise((resolve) => first.child.once('exit', resolve));
      t.equal(peer.received.length, 0, 'nothing was sent before the kill');

      const second = await startService(t, env, PASSWORD);
      const call = caller(second.url);
      await peer.waitFor(FIRES);
      await until(
        async () => (await call('GET', '/api/v1/jobs?status=done')).json.pagination.totalEntries === FIRES,
        'every job done',
      );
      const keys = (written.entity as Array<{ idempotencyKey: string }>).map(
        (job) => `<${job.idempotencyKey}@cms.jobs>`,
      );
      t.same(
        peer.received.map((mail) => mail.messageId).sort(),
        keys.sort(),
        'each job sent once, with its Message-ID',
      );
      second.child.kill('SIGTERM');
    },
  );
}
