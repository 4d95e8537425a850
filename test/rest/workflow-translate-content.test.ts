import t, { type Test } from 'tap';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { until } from '../helpers/mail-catcher.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const ACTION = {
  save: 'ceca71a0-deee-4999-bd47-b01baa1bcfc8',
  publish: 'b9d89c80-3d88-4311-8365-187323c96436',
  unpublish: '38efc763-d78f-4e4b-b092-59cd8c579b93',
};
const TRANSLATION = 'com.cms.portlets.workflows.actionlet.TranslationActionlet';
const API_KEY = 'gk-very-secret-key';

interface Call {
  q: string[];
  source: string;
  target: string;
  format: string;
  userAgent: string | undefined;
}

/**
 * Plays Google Cloud Translation v2: refuses a wrong key (403) or a malformed request (400), and
 * answers each text as `[<target>] ` plus the text upper-cased (markup kept for `html`), so a test
 * sees which language and format each value went through.
 */
async function fakeGoogle(t: Test) {
  const calls: Call[] = [];
  const state = { failuresLeft: 0, refused: 0 };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://x');
      const sent = JSON.parse(body || '{}');
      const wellFormed =
        req.method === 'POST' &&
        url.pathname === '/language/translate/v2' &&
        Array.isArray(sent.q) &&
        sent.q.every((q: unknown) => typeof q === 'string') &&
        typeof sent.source === 'string' &&
        typeof sent.target === 'string' &&
        ['text', 'html'].includes(sent.format);
      if (url.searchParams.get('key') !== API_KEY || !wellFormed) {
        state.refused++;
        return void res.writeHead(wellFormed ? 403 : 400).end(JSON.stringify({ error: { message: 'refused' } }));
      }
      if (state.failuresLeft > 0) {
        state.failuresLeft--;
        return void res.writeHead(503).end(JSON.stringify({ error: { message: 'Backend Error' } }));
      }
      calls.push({ ...sent, userAgent: req.headers['user-agent'] });
      const upper = (text: string) =>
        sent.format === 'html'
          ? text.replace(/>([^<]+)</g, (_m, s: string) => `>${s.toUpperCase()}<`)
          : text.toUpperCase();
      const translations = (sent.q as string[]).map((text) => ({ translatedText: `[${sent.target}] ${upper(text)}` }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { translations } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls, state };
}

/** Spanish (2), French (3) and German (4) beside the default English (1); an Article type of every kind of field. */
async function prepare(s: TestApp) {
  const admin = s.basicAuth();
  for (const [languageCode, language] of [
    ['es', 'Spanish'],
    ['fr', 'French'],
    ['de', 'German'],
  ]) {
    const added = await s.http('POST', '/api/v2/languages', { headers: admin, body: { languageCode, language } });
    if (added.status !== 200) throw new Error(added.text);
  }
  await s.http('POST', '/api/v1/contenttype', {
    headers: admin,
    body: { clazz: 'SimpleContentType', name: 'Article', variable: 'Article' },
  });
  const fields = await s.http('POST', '/api/v2/contenttype/Article/fields', {
    headers: admin,
    body: [
      { clazz: 'TextField', name: 'Title', variable: 'title' },
      { clazz: 'TextAreaField', name: 'Summary', variable: 'summary' },
      { clazz: 'WysiwygField', name: 'Body', variable: 'body' },
      { clazz: 'TextField', name: 'Slug', variable: 'slug' },
      { clazz: 'TextField', name: 'Count', variable: 'count', dataType: 'INTEGER' },
    ],
  });
  if (fields.status !== 200) throw new Error(fields.text);
}

for (const storage of ['sqlite', 'mysql'] as const) {
  t.test(`Translate Content writes the other languages' versions through a durable job, on ${storage}`, async (t) => {
    const google = await fakeGoogle(t);
    const s = await startTestApp(t, {
      storage,
      env: {
        CMS_TRANSLATION_GOOGLE_BASE_URL: google.base,
        CMS_TRANSLATION_GOOGLE_ALLOW_PRIVATE: 'true',
        CMS_JOBS_POLL_MS: '20',
        CMS_JOBS_BACKOFF_BASE_MS: '10',
        CMS_JOBS_BACKOFF_MAX_MS: '40',
        CMS_JOBS_MAX_ATTEMPTS: '2',
      },
    });
    if (!s) return;
    const admin = s.basicAuth();
    const store = s.app.services.storage;
    await prepare(s);
    const associate = async (action: string, parameters: Record<string, string>) => {
      const added = await s.http('POST', `/api/v1/workflow/actions/${action}/actionlets`, {
        headers: admin,
        body: { actionletClass: TRANSLATION, parameters },
      });
      t.equal(added.status, 200, added.status === 200 ? 'associated' : added.text);
    };
    const fire = (action: string, values: Record<string, unknown>) =>
      s.http('PUT', `/api/v1/workflow/actions/${action}/fire`, {
        headers: admin,
        body: { contentletFormData: { contentType: 'Article', ...values } },
      });
    const jobs = async () =>
      (await s.http('GET', '/api/v1/jobs?per_page=100', { headers: admin })).json.entity as any[];
    const translateJobs = async () => (await jobs()).filter((j) => j.kind === 'translate');
    const settled = async (count: number, status: 'done' | 'dead') =>
      until(
        async () => (await translateJobs()).filter((j) => j.status === status).length === count,
        `${count} translate jobs ${status}`,
      );
    const version = async (identifier: string, languageId: number) => {
      const state = await store.content.findState(identifier, languageId);
      const working = state && (await store.content.findVersion(state.workingInode));
      return { state, values: working?.values ?? {} };
    };

    await associate(ACTION.save, {
      translateTo: 'all',
      fieldTypes: 'text, wysiwyg,textarea',
      ignoreFields: 'slug',
      apiKey: API_KEY,
    });

    t.test('the key is answered masked and stored sealed', async (t) => {
      const listed = await s.http('GET', `/api/v1/workflow/actions/${ACTION.save}/actionlets`, { headers: admin });
      const association = (listed.json.entity as any[]).find((a) => a.clazz === TRANSLATION);
      t.equal(association.parameters.apiKey, '********');
      t.equal(association.parameters.ignoreFields, 'slug');
      t.notOk(listed.text.includes(API_KEY));
      const stored = await store.workflows.findActionlet(association.id);
      t.match(stored!.parameters.apiKey, /^sealed:v1\./);
      const catalogue = await s.http('GET', '/api/v1/workflow/actionlets/', { headers: admin });
      const entry = (catalogue.json.entity as any[]).find((a) => a.actionClass === TRANSLATION);
      t.notOk(catalogue.text.includes(API_KEY), 'the catalogue holds no key');
      t.equal(entry.parameters.find((p: any) => p.key === 'apiKey').required, true);
    });

    let identifier = '';
    t.test('all: every other language gets a working version; other fields copied; one retry', async (t) => {
      google.state.failuresLeft = 1;
      const saved = await fire(ACTION.save, {
        title: 'Hello',
        summary: 'A short text',
        body: '<p>Hello <b>world</b></p>',
        slug: 'hello-slug',
        count: '7',
      });
      t.equal(saved.status, 200, saved.status === 200 ? 'fired' : saved.text);
      identifier = saved.json.entity.identifier;
      await settled(1, 'done');
      const [job] = await translateJobs();
      const answer = await s.http('GET', `/api/v1/jobs/${job.id}`, { headers: admin });
      t.equal(answer.json.entity.attempts, 2, 'the 503 was retried');
      t.notOk(answer.text.includes(API_KEY), 'the job holds no key in clear');

      for (const [languageId, code] of [
        [2, 'es'],
        [3, 'fr'],
        [4, 'de'],
      ] as const) {
        const { state, values } = await version(identifier, languageId);
        t.ok(state, `a ${code} version`);
        t.equal(state!.liveInode, null, `${code}: working only, as the source is`);
        t.match(values, {
          title: `[${code}] HELLO`,
          summary: `[${code}] A SHORT TEXT`,
          body: `[${code}] <p>HELLO <b>WORLD</b></p>`,
          slug: 'hello-slug',
          count: 7,
        });
        const task = await store.tasks.find(identifier, languageId);
        t.equal(task?.stepId, (await store.tasks.find(identifier, 1))?.stepId, `${code}: in the item's workflow step`);
      }
      t.strictSame((await version(identifier, 1)).values.title, 'Hello', 'the source is untouched');
      t.equal(google.state.refused, 0, 'every call had the key and the shape');
      t.equal(google.calls.length, 6, 'one call per language and format');
      t.match(google.calls[0], { q: ['Hello', 'A short text'], source: 'en', target: 'es', format: 'text' });
      t.match(google.calls[1], { q: ['<p>Hello <b>world</b></p>'], source: 'en', target: 'es', format: 'html' });
      t.match(google.calls[0]!.userAgent, /^cms\/\d+\.\d+\.\d+/);
    });

    t.test('a second fire updates the translations with a new version', async (t) => {
      const before = await version(identifier, 2);
      const saved = await fire(ACTION.save, { identifier, title: 'Hello again' });
      t.equal(saved.status, 200, saved.status === 200 ? 'fired' : saved.text);
      await settled(2, 'done');
      const after = await version(identifier, 2);
      t.not(after.state!.workingInode, before.state!.workingInode, 'a new working version');
      t.equal(after.values.title, '[es] HELLO AGAIN');
      t.equal(after.values.slug, 'hello-slug');
    });

    t.test('a list of codes: only those; a live source publishes its translations', async (t) => {
      await associate(ACTION.publish, { translateTo: 'fr', fieldTypes: 'text', apiKey: API_KEY });
      const spanish = await version(identifier, 2);
      const published = await fire(ACTION.publish, { identifier, title: 'Published' });
      t.equal(published.status, 200, published.status === 200 ? 'fired' : published.text);
      await settled(3, 'done');
      const french = await version(identifier, 3);
      t.equal(french.values.title, '[fr] PUBLISHED');
      t.equal(french.values.summary, 'A short text', 'textarea not listed: copied as it is');
      t.equal(french.state!.liveInode, french.state!.workingInode, 'published, as the source is live');
      t.equal((await version(identifier, 2)).state!.workingInode, spanish.state!.workingInode, 'Spanish untouched');
    });

    t.test('an unknown language code fails the fire, changing nothing', async (t) => {
      await associate(ACTION.unpublish, { translateTo: 'es,xx', fieldTypes: 'text', apiKey: API_KEY });
      const refused = await fire(ACTION.unpublish, { identifier });
      t.equal(refused.status, 400);
      t.equal(refused.json.errors[0].errorCode, 'WORKFLOW_TRANSLATION_LANGUAGE_UNKNOWN');
      t.match(refused.json.message, /xx/);
      const state = await store.content.findState(identifier, 1);
      t.ok(state!.liveInode, 'the item is still live');
      t.equal((await translateJobs()).length, 3, 'no job written');
    });

    t.test('a provider that keeps failing: retried, then the job is dead', async (t) => {
      google.state.failuresLeft = 100;
      const saved = await fire(ACTION.save, { identifier, title: 'Never translated' });
      t.equal(saved.status, 200, saved.status === 200 ? 'fired' : saved.text);
      await settled(1, 'dead');
      const dead = (await translateJobs()).find((j) => j.status === 'dead');
      const answer = await s.http('GET', `/api/v1/jobs/${dead.id}`, { headers: admin });
      t.equal(answer.json.entity.attempts, 2);
      t.match(answer.json.entity.lastError, /answered 503/);
      t.notOk(answer.text.includes(API_KEY), 'no key in the error');
      t.equal((await version(identifier, 2)).values.title, '[es] HELLO AGAIN', 'nothing half written');
      google.state.failuresLeft = 0;
    });

    t.test('the key is in no log line', async (t) => {
      t.notOk(JSON.stringify(s.logs).includes(API_KEY));
    });
  });
}
