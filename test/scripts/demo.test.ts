import t from 'tap';
// @ts-expect-error: a plain ESM script without declarations
import { DEMO_SITE, loadDemo } from '../../scripts/demo/demo-data.mjs';
import { testOnSqlite, type TestApp } from '../helpers/test-app.js';

const asAdmin = (s: TestApp) => (method: string, path: string, body?: unknown) =>
  s.http(method, path, { headers: s.basicAuth(), body });

testOnSqlite(
  'npm run demo loads a site, three types, twenty items over the workflow steps and two users',
  async (t, s) => {
    const call = asAdmin(s);
    const made = await loadDemo(call);
    t.same(made, { site: DEMO_SITE, contentTypes: 3, users: 2, items: { published: 9, draft: 8, archived: 3 } });

    const sites = await call('GET', '/api/v1/site');
    t.ok(sites.json.entity.some((site: { siteName: string }) => site.siteName === DEMO_SITE));
    const types = await call('GET', '/api/v1/contenttype?filter=Demo&per_page=10');
    t.same(types.json.entity.map((type: { variable: string }) => type.variable).sort(), [
      'DemoArticle',
      'DemoEvent',
      'DemoProduct',
    ]);

    const editor = await s.http('GET', '/api/v1/users/current', {
      headers: s.basicAuth('editor@demo.example.com', 'demo-password-2027'),
    });
    t.equal(editor.status, 200, 'the demo users can sign in');
    const site = sites.json.entity.find((entry: { siteName: string }) => entry.siteName === DEMO_SITE);
    const mine = await s.http('GET', `/api/v1/permissions/${site.identifier}`, {
      headers: s.basicAuth('editor@demo.example.com', 'demo-password-2027'),
    });
    t.same(mine.json.entity.userPermissions, ['READ', 'WRITE', 'CAN_ADD_CHILDREN'], 'the demo editors may edit');

    const again = await loadDemo(call).catch((error: Error) => error.message);
    t.match(again, /the demo is loaded already/, 'a second run refuses instead of doubling the data');
  },
);

t.test('the demo is refused with a message naming what failed', async (t) => {
  const failing = async () => ({ status: 401, json: { errors: [{ errorCode: 'AUTH_INVALID_USER' }] } });
  await t.rejects(loadDemo(failing), /listing sites: GET \/api\/v1\/site\?per_page=1000 answered 401/);
});
