import t, { type Test } from 'tap';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error: a plain ESM script without declarations
import { bundleService } from '../../scripts/bundle.mjs';
import { startService } from '../helpers/service-process.js';
import { ADMIN, tempDataDir } from '../helpers/test-app.js';
import { batch, context, pageview } from '../helpers/analytics-batches.js';

// What `npm run build` makes of the service (scripts/bundle.mjs) started as production starts it,
// with every part that runs a file of its own switched on: the index writer's, search and ingest
// threads and the legacy body reader. Each finds its file through a rewritten `import.meta.url`; a
// path that pointed beside a chunk instead would fail here and nowhere in the in-process tests.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The run's bundle (`npm test`), or one made for this file alone. */
async function bundle(t: Test): Promise<string> {
  const made = process.env.CMS_TEST_SERVICE_BUNDLE;
  if (made) return made;
  const parent = join(ROOT, 'dist', 'test-runs', `service-bundle-${process.pid}`);
  t.teardown(() => rmSync(parent, { recursive: true, force: true }));
  return (await bundleService({ parent })) as string;
}

const auth = { authorization: `Basic ${Buffer.from(`${ADMIN.email}:${ADMIN.password}`).toString('base64')}` };

async function call(url: string, method: string, path: string, body?: unknown, headers = {}) {
  const response = await fetch(url + path, {
    method,
    headers: { ...auth, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' || body === undefined ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    text,
    json: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : undefined,
  };
}

t.test('the bundled service runs every thread of its own', async (t) => {
  const root = await bundle(t);
  t.ok(existsSync(join(root, 'host/main.js')), 'the bundle has its entry');
  t.ok(existsSync(join(root, 'plugins/storage/sqlite/migrations')), 'and the migrations beside its storage driver');

  const { url } = await startService(
    t,
    {
      CMS_DATA_DIR: tempDataDir(t),
      CMS_SEARCH_INDEX_WORKERS: '1',
      CMS_SEARCH_EMBEDDED_WORKERS: '1',
      CMS_ANALYTICS_WORKERS: '1',
      // Every legacy body is read on the worker thread.
      CMS_LEGACY_CONTENT_WORKER_BYTES: '0',
    },
    ADMIN.password,
    ['--enable-source-maps', join(root, 'host/main.js')],
  );

  t.equal(
    (await call(url, 'POST', '/api/v1/contenttype', { clazz: 'SimpleContentType', name: 'Memo', variable: 'Memo' }))
      .status,
    200,
  );
  t.equal(
    (
      await call(url, 'POST', '/api/v2/contenttype/Memo/fields', [
        { clazz: 'TextField', name: 'title', variable: 'title' },
      ])
    ).status,
    200,
  );
  // Indexed by the index writer's thread before the answer, found by a search thread.
  const fired = await call(url, 'PUT', '/api/v1/workflow/actions/default/fire/NEW?indexPolicy=WAIT_FOR', {
    contentletFormData: { contentType: 'Memo', title: 'bundled' },
  });
  t.equal(fired.status, 200, 'fired');
  const found = await call(url, 'POST', '/api/content/_search', {
    query: '+contentType:Memo +working:true',
    limit: 5,
  });
  t.strictSame(
    found.json.entity.jsonObjectView.contentlets.map((c: { identifier: string }) => c.identifier),
    [fired.json.entity.identifier],
    'the search thread finds what the writer thread indexed',
  );

  const saved = await call(url, 'PUT', '/api/content/publish/1', { contentType: 'Memo', title: 'legacy' });
  t.equal(saved.status, 200, `a legacy save read on the body reader's thread: ${saved.text}`);

  const sites = (await call(url, 'GET', '/api/v1/site')).json.entity as Array<{ identifier: string; siteName: string }>;
  const site = sites.find((s) => s.siteName !== 'System Host')!;
  const key = (await call(url, 'GET', `/api/v1/analytics/content/siteauth/generate/${site.identifier}`)).text;
  const ingested = await call(
    url,
    'POST',
    '/api/v1/analytics/content/event',
    batch([pageview()], context({ site_auth: key })),
    { authorization: '' },
  );
  t.equal(ingested.status, 200, `events parsed on the ingest thread: ${ingested.text}`);
});
