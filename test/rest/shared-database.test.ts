import t from 'tap';
import { twoApps } from '../helpers/two-apps.js';
import { textContentType, type TestApp } from '../helpers/test-app.js';

const PUBLISH = 'b9d89c80-3d88-4311-8365-187323c96436';

for (const storage of ['sqlite', 'mysql'] as const) {
  t.test(`a definition changed through one process is used at once by the other, on ${storage}`, async (t) => {
    const apps = await twoApps(t, storage);
    if (!apps) return;
    const [a, b] = apps;
    const admin = a.basicAuth();
    await textContentType(a, 'Note');
    const fire = (app: TestApp, form: Record<string, unknown>) =>
      app.http('PUT', `/api/v1/workflow/actions/${PUBLISH}/fire`, {
        headers: admin,
        body: { contentletFormData: { contentType: 'Note', ...form } },
      });

    const before = await fire(b, { title: 'One', summary: 'ignored' });
    t.equal(before.status, 200, 'the second process fires on the type (and now holds it in its cache)');
    t.match(before.json.messages, [/summary/], 'summary is not a field yet');

    await a.http('POST', '/api/v2/contenttype/Note/fields', {
      headers: admin,
      body: [{ clazz: 'TextField', name: 'summary', variable: 'summary', required: true }],
    });
    const missing = await fire(b, { title: 'Two' });
    t.equal(missing.status, 400, 'the second process enforces the field the first one added');
    t.match(missing.json.message, /summary/i);
    const after = await fire(b, { title: 'Two', summary: 'kept' });
    t.equal(after.status, 200);
    t.equal(after.json.entity.map.summary, 'kept');

    // A workflow change: the Publish action loses its actionlets on one process; the other sees it.
    const actionlets = (await b.http('GET', `/api/v1/workflow/actions/${PUBLISH}/actionlets`, { headers: admin })).json
      .entity as Array<{ id: string }>;
    for (const actionlet of actionlets)
      t.equal((await a.http('DELETE', `/api/v1/workflow/actionlets/${actionlet.id}`, { headers: admin })).status, 200);
    const unsaved = await fire(b, { title: 'Three', summary: 's' });
    t.equal(unsaved.status, 400, 'without Save content nothing is created');
    t.match(unsaved.json.message, /does not save the content/);
  });
}

for (const storage of ['sqlite', 'mysql'] as const) {
  t.test(`a permission granted through one process is in force at once in the other, on ${storage}`, async (t) => {
    const apps = await twoApps(t, storage);
    if (!apps) return;
    const [a, b] = apps;
    const admin = a.basicAuth();
    await textContentType(a, 'Note');
    const fired = await a.http('PUT', `/api/v1/workflow/actions/${PUBLISH}/fire`, {
      headers: admin,
      body: { contentletFormData: { contentType: 'Note', title: 'One' } },
    });
    const id = fired.json.entity.identifier as string;
    const role = (await a.http('POST', '/api/v1/roles', { headers: admin, body: { roleName: 'Readers' } })).json.entity
      .id as string;
    await a.http('POST', '/api/v1/users', {
      headers: admin,
      body: { email: 'r@x.com', firstName: 'R', lastName: 'R', password: 'reader-password-1', roles: [role] },
    });
    const reader = b.basicAuth('r@x.com', 'reader-password-1');
    const working = () => b.http('GET', `/api/content/id/${id}?live=false`, { headers: reader });
    t.equal((await working()).status, 403, 'the second process refuses (and now holds the grants in its cache)');
    await a.http('PUT', `/api/v1/permissions/${id}`, {
      headers: admin,
      body: { permissions: [{ roleId: role, permissions: ['READ'] }] },
    });
    t.equal((await working()).status, 200, 'the grant made through the first process is seen by the second');
    await a.http('PUT', `/api/v1/permissions/${id}/_reset`, { headers: admin });
    t.equal((await working()).status, 403, 'and so is the reset');
  });
}

for (const storage of ['sqlite', 'mysql'] as const) {
  t.test(
    `an analytics site key replaced through one process stops working at once in the other, on ${storage}`,
    async (t) => {
      const apps = await twoApps(t, storage);
      if (!apps) return;
      const [a, b] = apps;
      const admin = a.basicAuth();
      const verifyInB = (siteAuth: string) => b.app.services.siteKeys.verify(siteAuth);
      const generate = async () =>
        (await a.http('GET', '/api/v1/analytics/content/siteauth/generate/default', { headers: admin })).text;
      const first = await generate();
      const site = await verifyInB(first);
      t.ok(site, 'the second process knows the key the first one generated');
      const second = await generate();
      t.equal(await verifyInB(first), undefined, 'the replaced key fails in the second process at once');
      t.same(await verifyInB(second), site, 'and the new one works there');
      await a.http('POST', '/api/v1/apps/cmsContentAnalytics-config/default', {
        headers: admin,
        body: { siteAuth: { value: 'a key set by hand in the first process' } },
      });
      t.equal(await verifyInB(second), undefined, 'so does a key replaced by hand');
      t.same(await verifyInB('a key set by hand in the first process'), site);
    },
  );
}

for (const storage of ['sqlite', 'mysql'] as const) {
  t.test(
    `a folder made, moved or deleted through one process is seen at once by the other, on ${storage}`,
    async (t) => {
      const apps = await twoApps(t, storage);
      if (!apps) return;
      const [a, b] = apps;
      const admin = a.basicAuth();
      await a.http('POST', '/api/v1/contenttype', {
        headers: admin,
        body: { baseType: 'FILEASSET', name: 'Docs', variable: 'Docs' },
      });
      const save = (app: TestApp, folder: string, fileName: string) =>
        app.http('PUT', '/api/v1/workflow/actions/default/fire/NEW', {
          headers: admin,
          body: {
            contentletFormData: {
              contentType: 'Docs',
              hostFolder: `default:${folder}`,
              fileName,
              fileAsset: `data:text/plain;name=${fileName};base64,${Buffer.from('x').toString('base64')}`,
            },
          },
        });
      t.equal((await save(b, '/shared', 'one.txt')).status, 400, 'the second process knows no /shared yet');
      t.equal(
        (await a.http('POST', '/api/v1/folder/createfolders/default', { headers: admin, body: ['/shared'] })).status,
        200,
      );
      t.equal((await save(b, '/shared', 'one.txt')).status, 200, 'the folder made by the first is used by the second');
      const moved = await a.http('PUT', '/api/v1/assets/folders', {
        headers: admin,
        body: { assetPath: '//default/shared/', data: { name: 'common' } },
      });
      t.equal(moved.status, 200);
      t.equal((await save(b, '/shared', 'two.txt')).status, 400, 'the old path is gone for the second too');
      t.equal((await save(b, '/common', 'two.txt')).status, 200);
    },
  );
}
