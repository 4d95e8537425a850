import t from 'tap';
import { startMailCatcher, until } from '../helpers/mail-catcher.js';
import { createTestDatabase } from '../helpers/mysql-database.js';
import { notifyScheme } from '../helpers/notify-scheme.js';
import { adminCaller, startService } from '../helpers/service-process.js';
import { tempDataDir } from '../helpers/test-app.js';

const PASSWORD = 'two-processes-password';
const FIRES = 40;
const caller = (url: string) => adminCaller(url, PASSWORD);

// With several processes on one database, each job runs once (a claim with a lease).
// Real processes: two apps in one process cannot wait for each other's SQLite lock.
for (const storage of ['sqlite', 'mysql'] as const) {
  t.test(`two processes on one database never send one job twice, on ${storage}`, async (t) => {
    const peer = await startMailCatcher(t);
    // Both poll often, so both claim from the same queue all the time.
    const env: Record<string, string> = { CMS_DATA_DIR: tempDataDir(t), ...peer.env, CMS_JOBS_POLL_MS: '20' };
    if (storage === 'mysql') {
      const database = await createTestDatabase(t);
      if (!database) return;
      Object.assign(env, { CMS_STORAGE_DRIVER: 'mysql', CMS_STORAGE_MYSQL_URL: database });
    }
    const a = await startService(t, env, PASSWORD);
    const b = await startService(t, env, PASSWORD);
    const { submit, fire } = await notifyScheme(caller(a.url), 'cms.org.1');
    const fireOn = (url: string, title: string) =>
      caller(url)('PUT', `/api/v1/workflow/actions/${submit}/fire`, {
        contentletFormData: { contentType: 'Story', title },
        assign: 'cms.org.1',
      });
    t.equal((await fire(submit, 'warm-up')).status, 200);
    // Four fires at a time on each process, while both dispatchers claim.
    const pending = Array.from({ length: FIRES }, (_, i) => i);
    const statuses: number[] = [];
    const firer = async (url: string) => {
      for (let i = pending.pop(); i !== undefined; i = pending.pop())
        statuses.push((await fireOn(url, `story ${i}`)).status);
    };
    await Promise.all([a.url, a.url, a.url, a.url, b.url, b.url, b.url, b.url].map(firer));
    const fired = statuses.filter((status) => status === 200).length + 1;
    t.equal(fired, FIRES + 1, 'every fire succeeded');
    await peer.waitFor(fired);
    await until(
      async () => (await caller(b.url)('GET', '/api/v1/jobs?status=done')).json.pagination.totalEntries === fired,
      'every job done',
    );
    const ids = peer.received.map((mail) => mail.messageId);
    t.equal(ids.length, fired, 'one mail per fire');
    t.equal(new Set(ids).size, ids.length, 'no Message-ID twice');
    const done = (await caller(a.url)('GET', '/api/v1/jobs?status=done&per_page=500')).json.entity as Array<{
      attempts: number;
    }>;
    t.same(
      done.filter((job) => job.attempts !== 1),
      [],
      'each job ran once',
    );
  });
}
