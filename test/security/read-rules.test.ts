import t from 'tap';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const PASSWORD = 'reader-password-1';
const EMAIL_ACTIONLET = 'com.cms.portlets.workflows.actionlet.EmailActionlet';

/**
 * Two sites, each with a content type bound to a scheme of its own (one action, mailing a secret
 * recipient); a type on SYSTEM_HOST; a role granted READ on the first site only.
 */
async function setUp(s: TestApp) {
  const admin = s.basicAuth();
  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await s.http(method, path, { headers: admin, body });
    if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`);
    return answer.json.entity;
  };
  const site = async (siteName: string) => (await call('POST', '/api/v1/site', { siteName })).identifier as string;
  const scheme = async (schemeName: string, recipient: string) => {
    const { id } = await call('POST', '/api/v1/workflow/schemes', { schemeName });
    const step = await call('POST', '/api/v1/workflow/steps', { schemeId: id, stepName: 'Draft' });
    const action = await call('POST', '/api/v1/workflow/actions', {
      actionName: 'Send',
      schemeId: id,
      stepId: step.id,
      actionNextStep: step.id,
      whoCanUse: [],
      showOn: ['NEW', 'EDITING'],
    });
    await call('POST', `/api/v1/workflow/actions/${action.id}/actionlets`, {
      actionletClass: EMAIL_ACTIONLET,
      parameters: {
        fromEmail: 'cms@x.com',
        fromName: 'CMS',
        toEmail: recipient,
        toName: 'R',
        emailSubject: 'S',
        emailBody: 'B',
      },
    });
    return { schemeId: id as string, stepId: step.id as string, actionId: action.id as string };
  };
  const type = async (variable: string, host: string, workflow: string[]) =>
    call('POST', '/api/v1/contenttype', {
      clazz: 'SimpleContentType',
      name: variable,
      variable,
      host,
      workflow,
      fields: [{ clazz: 'TextField', name: 'title', variable: 'title' }],
    });
  const shop = await site('shop.example.com');
  const vault = await site('vault.example.com');
  const shopFlow = await scheme('Shop flow', 'orders@shop.example.com');
  const vaultFlow = await scheme('Vault flow', 'ceo-private@vault.example.com');
  await type('Product', shop, [shopFlow.schemeId]);
  await type('Ledger', vault, [vaultFlow.schemeId]);
  await type('Memo', 'SYSTEM_HOST', [vaultFlow.schemeId]);

  const role = (await call('POST', '/api/v1/roles', { roleName: 'Shoppers', roleKey: 'shoppers' })).id as string;
  await call('PUT', `/api/v1/permissions/${shop}`, { permissions: [{ roleId: role, permissions: ['READ'] }] });
  const user = async (email: string, roles: string[]) => {
    await call('POST', '/api/v1/users', { email, firstName: 'U', lastName: 'U', password: PASSWORD, roles });
    return s.basicAuth(email, PASSWORD);
  };
  return {
    admin,
    shop,
    vault,
    shopFlow,
    vaultFlow,
    shopper: await user('shopper@x.com', [role]),
    nobody: await user('nobody@x.com', []),
  };
}

const names = (entity: Array<Record<string, unknown>>, key: string) => entity.map((e) => e[key]).sort();

t.test('sites, content types and workflow schemes are shown only to callers who may read them', async (t) => {
  const s = await startTestApp(t, { env: { CONTENT_APIS_ALLOW_ANONYMOUS: 'READ' } });
  if (!s) return;
  const { admin, shop, vault, shopFlow, vaultFlow, shopper, nobody } = await setUp(s);
  const get = (path: string, headers: Record<string, string>) => s.http('GET', path, { headers });
  const filter = (headers: Record<string, string>) =>
    s.http('POST', '/api/v1/contenttype/_filter', { headers, body: { filter: { query: '' } } });

  t.test('a user with no role sees no site, type or scheme, and each answers as an unknown one', async (t) => {
    const sites = await get('/api/v1/site', nobody);
    t.equal(sites.status, 200);
    t.same(sites.json.entity, [], 'no site listed');
    t.equal(sites.json.pagination.totalEntries, 0, 'nor counted');
    t.same((await get('/api/v1/contenttype', nobody)).json.entity, [], 'no content type listed');
    t.same((await filter(nobody)).json.entity, [], 'nor filtered');
    t.same((await get('/api/v1/workflow/schemes', nobody)).json.entity, [], 'no scheme listed');
    t.equal((await get('/api/v1/site/currentSite', nobody)).status, 404, 'no current site to show');

    const asUnknown = async (path: string, unknownPath: string) => {
      const hidden = await get(path, nobody);
      const missing = await get(unknownPath, nobody);
      t.equal(hidden.status, 404, path);
      t.equal(hidden.json.errors[0].errorCode, missing.json.errors[0].errorCode, `${path}: as an unknown id`);
    };
    const none = '00000000-0000-4000-8000-000000000000';
    await asUnknown(`/api/v1/site/${shop}`, `/api/v1/site/${none}`);
    await asUnknown('/api/v1/site/shop.example.com', '/api/v1/site/nowhere.example.com');
    await asUnknown('/api/v1/contenttype/id/Product', '/api/v1/contenttype/id/NoSuchType');
    await asUnknown('/api/v2/contenttype/Product/fields', '/api/v2/contenttype/NoSuchType/fields');
    await asUnknown('/api/v3/contenttype/Product/fields', '/api/v3/contenttype/NoSuchType/fields');
    await asUnknown('/api/v1/contenttype/render/id/Product', '/api/v1/contenttype/render/id/NoSuchType');
    await asUnknown(`/api/v1/workflow/schemes/${shopFlow.schemeId}`, `/api/v1/workflow/schemes/${none}`);
    await asUnknown(`/api/v1/workflow/schemes/${shopFlow.schemeId}/steps`, `/api/v1/workflow/schemes/${none}/steps`);
    await asUnknown(`/api/v1/workflow/steps/${shopFlow.stepId}`, `/api/v1/workflow/steps/${none}`);
    await asUnknown(`/api/v1/workflow/actions/${shopFlow.actionId}`, `/api/v1/workflow/actions/${none}`);
    await asUnknown(
      '/api/v1/workflow/schemes/schemescontenttypes/Product',
      '/api/v1/workflow/schemes/schemescontenttypes/NoSuchType',
    );
    await asUnknown(
      '/api/v1/workflow/contenttypes/Product/system/actions',
      '/api/v1/workflow/contenttypes/NoSuchType/system/actions',
    );
    const params = await get(`/api/v1/workflow/actions/${shopFlow.actionId}/actionlets`, nobody);
    t.equal(params.status, 403, 'actionlet parameters refused');
    t.notMatch(params.text, /orders@shop/, 'the recipient is not shown');
  });

  t.test('a user granted READ on a site sees exactly that site, its types and their schemes', async (t) => {
    const sites = await get('/api/v1/site', shopper);
    t.same(names(sites.json.entity, 'siteName'), ['shop.example.com']);
    t.equal(sites.json.pagination.totalEntries, 1);
    t.equal((await get(`/api/v1/site/${shop}`, shopper)).status, 200);
    t.equal((await get(`/api/v1/site/${vault}`, shopper)).status, 404, 'the other site is unknown to them');
    t.equal((await get('/api/v1/site/currentSite', shopper)).json.entity.identifier, shop, 'their current site');

    t.same(names((await get('/api/v1/contenttype', shopper)).json.entity, 'variable'), ['Product']);
    t.same(names((await filter(shopper)).json.entity, 'variable'), ['Product']);
    const product = await get('/api/v1/contenttype/id/Product', shopper);
    t.equal(product.status, 200);
    t.ok(names(product.json.entity.fields, 'variable').includes('title'), 'with its fields');
    t.equal((await get('/api/v1/contenttype/id/Ledger', shopper)).status, 404);
    t.equal((await get('/api/v1/contenttype/id/Memo', shopper)).status, 404, 'not the system site’s types');

    t.same(names((await get('/api/v1/workflow/schemes', shopper)).json.entity, 'name'), ['Shop flow']);
    t.equal((await get(`/api/v1/workflow/schemes/${shopFlow.schemeId}/steps`, shopper)).status, 200);
    t.equal((await get(`/api/v1/workflow/actions/${shopFlow.actionId}`, shopper)).status, 200);
    t.equal((await get(`/api/v1/workflow/schemes/${vaultFlow.schemeId}`, shopper)).status, 404);
    t.equal((await get(`/api/v1/workflow/actions/${vaultFlow.actionId}`, shopper)).status, 404);
    const params = await get(`/api/v1/workflow/actions/${shopFlow.actionId}/actionlets`, shopper);
    t.equal(params.status, 403, 'actionlet parameters are for administrators');
    t.notMatch(params.text, /orders@shop/);
  });

  t.test('anonymous callers read none of them, even with anonymous reading on', async (t) => {
    for (const path of [
      '/api/v1/site',
      `/api/v1/site/${shop}`,
      '/api/v1/contenttype',
      '/api/v1/contenttype/id/Product',
      '/api/v1/workflow/schemes',
      `/api/v1/workflow/schemes/${shopFlow.schemeId}`,
      `/api/v1/workflow/actions/${vaultFlow.actionId}/actionlets`,
    ]) {
      const answer = await s.http('GET', path);
      t.equal(answer.status, 401, path);
      t.notMatch(answer.text, /ceo-private|shop\.example/, `${path}: nothing of it shown`);
    }
  });

  t.test('administrators see everything, actionlet parameters included', async (t) => {
    const sites = names((await get('/api/v1/site', admin)).json.entity, 'siteName');
    t.ok(sites.includes('shop.example.com') && sites.includes('vault.example.com'));
    const schemes = names((await get('/api/v1/workflow/schemes', admin)).json.entity, 'name');
    t.ok(schemes.includes('Shop flow') && schemes.includes('Vault flow'));
    const params = await get(`/api/v1/workflow/actions/${vaultFlow.actionId}/actionlets`, admin);
    t.equal(params.status, 200);
    t.match(params.text, /ceo-private@vault\.example\.com/);
  });
});
