import { startMailCatcher, until } from '../helpers/mail-catcher.js';
import { notifyScheme } from '../helpers/notify-scheme.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import t from 'tap';

const ADMIN_ID = 'cms.org.1';
/** Retries come quickly, so a failing peer makes a job dead within the test. */
const FAST_RETRIES = {
  CMS_JOBS_POLL_MS: '20',
  CMS_JOBS_MAX_ATTEMPTS: '3',
  CMS_JOBS_BACKOFF_BASE_MS: '10',
  CMS_JOBS_BACKOFF_MAX_MS: '40',
};

const adminCall = (s: TestApp) => (method: string, path: string, body?: unknown) =>
  s.http(method, path, { headers: s.basicAuth(), body });

async function jobsWith(s: TestApp, status: string): Promise<Array<Record<string, any>>> {
  return (await adminCall(s)('GET', `/api/v1/jobs?status=${status}&per_page=500`)).json.entity;
}

for (const storage of ['sqlite', 'mysql'] as const) {
  t.test(`durable mail jobs, on ${storage}`, async (t) => {
    const peer = await startMailCatcher(t);
    const s = await startTestApp(t, { storage, env: { ...peer.env, ...FAST_RETRIES } });
    if (!s) return;
    const call = adminCall(s);
    const { submit, doomed, fire } = await notifyScheme(call, ADMIN_ID);

    t.test('a fire that rolls back writes no job and sends nothing', async (t) => {
      const failed = await fire(doomed, 'never saved');
      t.not(failed.status, 200, 'the fire fails after Notify Assignee wrote its job');
      const all = (await call('GET', '/api/v1/jobs')).json;
      t.equal(all.pagination.totalEntries, 0, 'no job is left');
      t.equal(peer.received.length, 0);
    });

    t.test('Notify Assignee sends exactly one mail, with the Message-ID of its job', async (t) => {
      t.equal((await fire(submit, 'Big news')).status, 200);
      await peer.waitFor(1);
      await until(async () => (await jobsWith(s, 'done')).length === 1, 'the job done');
      const [job] = await jobsWith(s, 'done');
      t.equal(job!.kind, 'mail');
      t.equal(job!.attempts, 1);
      t.same(job!.payload.to, ['admin@cms.com'], 'the payload is the rendered message');
      t.equal(peer.received.length, 1, 'one mail');
      t.equal(peer.received[0]!.messageId, `<${job!.idempotencyKey}@cms.jobs>`);
      t.equal((await call('GET', `/api/v1/jobs/${job!.id}`)).json.entity.status, 'done');
    });

    t.test('a failing peer: retried with back-off, then dead; retried over REST, then sent', async (t) => {
      peer.rejecting = true;
      t.equal((await fire(submit, 'Refused')).status, 200);
      await until(async () => (await jobsWith(s, 'dead')).length === 1, 'the job dead');
      const [dead] = await jobsWith(s, 'dead');
      t.equal(peer.refused, 3, 'three attempts reached the peer');
      t.equal(dead!.attempts, 3);
      t.match(dead!.lastError, /Refused by the test peer/);
      t.notMatch(dead!.lastError, /\n\s+at /, 'no stack trace');

      peer.rejecting = false;
      const retried = await call('PUT', `/api/v1/jobs/${dead!.id}/_retry`);
      t.equal(retried.status, 200);
      t.equal(retried.json.entity.attempts, 0, 'attempts counted afresh');
      await peer.waitFor(2);
      t.equal(peer.received[1]!.messageId, `<${dead!.idempotencyKey}@cms.jobs>`);
      await until(async () => (await call('GET', `/api/v1/jobs/${dead!.id}`)).json.entity.status === 'done', 'done');
      const again = await call('PUT', `/api/v1/jobs/${dead!.id}/_retry`);
      t.equal(again.status, 409, 'a done job is not retried');
      t.equal(again.json.errors[0].errorCode, 'JOB_NOT_RETRYABLE');
    });

    t.test('a dead job dropped is gone and never sent', async (t) => {
      peer.rejecting = true;
      t.equal((await fire(submit, 'Dropped')).status, 200);
      await until(async () => (await jobsWith(s, 'dead')).length === 1, 'the job dead');
      const [dead] = await jobsWith(s, 'dead');
      t.equal((await call('DELETE', `/api/v1/jobs/${dead!.id}`)).status, 200);
      const gone = await call('GET', `/api/v1/jobs/${dead!.id}`);
      t.equal(gone.status, 404);
      t.equal(gone.json.errors[0].errorCode, 'JOB_NOT_FOUND');
      t.equal((await call('DELETE', `/api/v1/jobs/${dead!.id}`)).status, 404);
      peer.rejecting = false;
      t.equal(peer.received.length, 2, 'nothing more was sent');
    });

    t.test('a subject edited between two fires: the second mail carries the edited one', async (t) => {
      const wf = (method: string, path: string, body?: unknown) => call(method, `/api/v1/workflow${path}`, body);
      const notifyWith = async (emailSubject: string) => {
        const listed = (await wf('GET', `/actions/${submit}/actionlets`)).json.entity as Array<Record<string, any>>;
        const notify = listed.find((a) => String(a.clazz).endsWith('NotifyAssigneeActionlet'));
        t.ok(notify, 'Notify Assignee found');
        t.equal((await wf('DELETE', `/actionlets/${notify!.id}`)).status, 200);
        const added = await wf('POST', `/actions/${submit}/actionlets`, {
          actionletClass: 'com.cms.portlets.workflows.actionlet.NotifyAssigneeActionlet',
          parameters: { emailSubject },
        });
        t.equal(added.status, 200);
      };
      const subjectOf = async (title: string) => {
        await until(
          async () => (await jobsWith(s, 'done')).some((job) => job.payload.subject.endsWith(title)),
          `the job for ${title} done`,
        );
        return (await jobsWith(s, 'done')).find((job) => job.payload.subject.endsWith(title))!.payload.subject;
      };
      await notifyWith('First: $content.title');
      t.equal((await fire(submit, 'Edition one')).status, 200);
      t.equal(await subjectOf('Edition one'), 'First: Edition one');
      await notifyWith('Second: $content.title');
      t.equal((await fire(submit, 'Edition two')).status, 200);
      t.equal(await subjectOf('Edition two'), 'Second: Edition two');
    });

    t.test('administrators only', async (t) => {
      t.equal((await s.http('GET', '/api/v1/jobs')).status, 401);
      const created = await call('POST', '/api/v1/users', {
        email: 'editor@x.com',
        firstName: 'Ed',
        lastName: 'Itor',
        password: 'editor-password',
      });
      t.equal(created.status, 200);
      const editor = { headers: s.basicAuth('editor@x.com', 'editor-password') };
      t.equal((await s.http('GET', '/api/v1/jobs', editor)).status, 403);
      t.equal((await s.http('PUT', '/api/v1/jobs/x/_retry', editor)).status, 403);
      t.equal((await s.http('DELETE', '/api/v1/jobs/x', editor)).status, 403);
      t.equal((await call('GET', '/api/v1/jobs?status=lost')).status, 400, 'the status is checked');
    });
  });
}
