import t from 'tap';
import { createTestDatabase } from '../helpers/mysql-database.js';
import { startService } from '../helpers/service-process.js';
import { tempDataDir } from '../helpers/test-app.js';
import { deferred, within } from '../helpers/wait-async.js';

const PASSWORD = 'durability-password';
const AUTH = `Basic ${Buffer.from(`admin@cms.com:${PASSWORD}`).toString('base64')}`;

const call = (url: string, method: string, path: string, body?: unknown) =>
  fetch(url + path, {
    method,
    headers: { authorization: AUTH, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

// A kill -9 under write load loses nothing that was acknowledged, on either driver.
for (const storage of ['sqlite', 'mysql'] as const) {
  t.test(`kill -9 under write load loses no acknowledged write, on ${storage}`, async (t) => {
    const env: Record<string, string> = { CMS_DATA_DIR: tempDataDir(t) };
    if (storage === 'mysql') {
      const database = await createTestDatabase(t);
      if (!database) return;
      Object.assign(env, { CMS_STORAGE_DRIVER: 'mysql', CMS_STORAGE_MYSQL_URL: database });
    }
    const first = await startService(t, env, PASSWORD);
    await call(first.url, 'POST', '/api/v1/contenttype', {
      clazz: 'SimpleContentType',
      name: 'Note',
      variable: 'Note',
    });
    await call(first.url, 'POST', '/api/v2/contenttype/Note/fields', [
      { clazz: 'TextField', name: 'title', variable: 'title' },
    ]);

    const acknowledged = new Map<string, string>();
    const enough = deferred();
    let killed = false;
    let sent = 0;
    const writer = async () => {
      while (!killed) {
        const title = `note ${sent++}`;
        try {
          const answer = await call(first.url, 'PUT', '/api/v1/workflow/actions/default/fire/PUBLISH', {
            contentletFormData: { contentType: 'Note', title },
          });
          if (answer.status === 200) {
            acknowledged.set(((await answer.json()) as { entity: { identifier: string } }).entity.identifier, title);
            if (acknowledged.size > 20) enough.resolve();
          }
        } catch {
          // The connection died with the process: this write was never acknowledged.
        }
      }
    };
    const writers = Array.from({ length: 8 }, writer);
    // Killed once writes are both acknowledged and still in flight, however fast the machine is.
    await within(enough.promise, { what: () => `21 acknowledged writes (${acknowledged.size} so far)` });
    first.child.kill('SIGKILL');
    killed = true;
    await Promise.all(writers);
    t.ok(acknowledged.size > 20, `${acknowledged.size} writes were acknowledged before the kill`);

    const second = await startService(t, env, PASSWORD);
    const missing: string[] = [];
    // Read back by 8 readers at once, as they were written.
    const pending = [...acknowledged];
    const reader = async () => {
      for (let next = pending.pop(); next; next = pending.pop()) {
        const [identifier, title] = next;
        const answer = await call(second.url, 'GET', `/api/v1/content/${identifier}`);
        const read =
          answer.status === 200 ? ((await answer.json()) as { entity: { map: { title: string } } }) : undefined;
        if (read?.entity.map.title !== title) missing.push(`${identifier} (${answer.status})`);
      }
    };
    await Promise.all(Array.from({ length: 8 }, reader));
    t.same(missing, [], 'every acknowledged write is there after the restart');
    const fresh = await call(second.url, 'PUT', '/api/v1/workflow/actions/default/fire/PUBLISH', {
      contentletFormData: { contentType: 'Note', title: 'after the restart' },
    });
    t.equal(fresh.status, 200, 'and the storage takes writes again');
    second.child.kill('SIGTERM');
  });
}
