import t, { type Test } from 'tap';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { itemMap, json, legacySave, xml } from '../helpers/legacy-save.js';
import { multipartBody, MULTIPART_TYPE } from '../helpers/multipart-body.js';
import { stalledRequest } from '../helpers/raw-http.js';
import { SEED_IDS } from '../../core/setup/seed-installation.js';

// The legacy content save's body readers: linear in what they read, bounded by
// legacy.content.max.values, large bodies read off the answering thread, and a caller who could not
// save refused before the body is read.

const PASSWORD = 'a-long-test-password-1';
const FORM = 'application/x-www-form-urlencoded';

async function newsType(s: TestApp) {
  const admin = s.basicAuth();
  await s.http('POST', '/api/v1/contenttype', {
    headers: admin,
    body: { clazz: 'SimpleContentType', name: 'News', variable: 'News' },
  });
  await s.http('POST', '/api/v2/contenttype/News/fields', {
    headers: admin,
    body: [
      { clazz: 'TextField', name: 'title', variable: 'title', required: true },
      { clazz: 'TextAreaField', name: 'body', variable: 'body' },
    ],
  });
}

const repeatedKeys = (count: number) => Array.from({ length: count }, (_, i) => `title=${i}`).join('&');

/** The error code of an answer. */
const codeOf = (answer: { json: any }) => answer.json?.errors?.[0]?.errorCode;

t.test('a url-encoded body of 50,000 repeated keys is refused by the values limit, whole or as a part', async (t) => {
  const s = (await startTestApp(t))!;
  await newsType(s);
  const body = `contentType=News&${repeatedKeys(50_000)}`;
  const whole = await legacySave(s, '/save/1', { type: FORM, raw: body });
  t.equal(whole.status, 413, whole.text.slice(0, 200));
  t.equal(codeOf(whole), 'LEGACY_BODY_TOO_MANY_VALUES');
  t.match(whole.json.message, /more than 1000 values/);

  const asPart = await legacySave(s, '/save/1', {
    type: MULTIPART_TYPE,
    raw: multipartBody([{ name: 'urlencoded', value: body }]),
  });
  t.equal(asPart.status, 413, 'a part named urlencoded');
  t.equal(codeOf(asPart), 'LEGACY_BODY_TOO_MANY_VALUES');

  const parts = multipartBody([
    { name: 'json', value: JSON.stringify({ contentType: 'News', title: 'x', list: Array(990).fill('v') }) },
    ...Array.from({ length: 20 }, () => ({ name: 'tag', value: 'v' })),
  ]);
  const together = await legacySave(s, '/save/1', { type: MULTIPART_TYPE, raw: parts });
  t.equal(codeOf(together), 'LEGACY_BODY_TOO_MANY_VALUES', 'the parts of one body share the limit');

  const manyJson = json(Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`k${i}`, 'v'])));
  t.equal(codeOf(await legacySave(s, '/save/1', manyJson)), 'LEGACY_BODY_TOO_MANY_VALUES', 'JSON members');
  const nestedJson = json({ contentType: 'News', title: 'x', list: Array(2000).fill(1) });
  t.equal(codeOf(await legacySave(s, '/save/1', nestedJson)), 'LEGACY_BODY_TOO_MANY_VALUES', 'JSON items');

  const fine = await legacySave(s, '/save/1', { type: FORM, raw: `contentType=News&${repeatedKeys(500)}` });
  t.equal(fine.status, 200, 'within the limit');
  t.equal((await itemMap(s, fine.headers.get('identifier')!)).title, '499', 'the last of a repeated key');
});

t.test('within a raised limit, 50,000 repeated keys are read and saved', async (t) => {
  const s = (await startTestApp(t, { env: { CMS_LEGACY_CONTENT_MAX_VALUES: '60000' } }))!;
  await newsType(s);
  const saved = await legacySave(s, '/save/1', { type: FORM, raw: `contentType=News&${repeatedKeys(50_000)}` });
  t.equal(saved.status, 200, saved.text);
  t.equal((await itemMap(s, saved.headers.get('identifier')!)).title, '49999');
});

t.test('XML: too many elements, too deep, a tag too long', async (t) => {
  const s = (await startTestApp(t))!;
  await newsType(s);
  const wide = `<content><contentType>News</contentType>${'<title>x</title>'.repeat(1000)}</content>`;
  const refused = await legacySave(s, '/save/1', xml(wide));
  t.equal(refused.status, 413);
  t.equal(codeOf(refused), 'LEGACY_BODY_TOO_MANY_VALUES');

  for (const depth of [3, 101, 5000]) {
    const deep = `<content>${'<a>'.repeat(depth)}x${'</a>'.repeat(depth)}</content>`;
    const answer = await legacySave(s, '/save/1', xml(deep));
    t.equal(answer.status, 400, `nested ${depth} deep`);
    t.equal(codeOf(answer), 'LEGACY_XML_UNREADABLE');
  }
  const long = await legacySave(s, '/save/1', xml(`<content><title${' '.repeat(100_000)}>x</title></content>`));
  t.equal(long.status, 400, 'a tag of 100,000 characters');
  t.match(long.json.message, /a tag is longer than 1024 characters/);

  const saved = await legacySave(
    s,
    '/save/1',
    xml('<content><contentType>News</contentType><title>ok</title></content>'),
  );
  t.equal(saved.status, 200, 'an ordinary body');
});

t.test('a body larger than legacy.content.worker.bytes is read on the worker and saved', async (t) => {
  const s = (await startTestApp(t))!;
  await newsType(s);
  const text = 'Fish &amp; chips. '.repeat(20_000);
  const saved = await legacySave(
    s,
    '/save/1',
    xml(`<content><contentType>News</contentType><title>Big</title><body>${text}</body></content>`),
  );
  t.equal(saved.status, 200, saved.text);
  t.equal((await itemMap(s, saved.headers.get('identifier')!)).body, 'Fish & chips. '.repeat(20_000));
  const refused = await legacySave(s, '/save/1', xml(`<content><a>${text}</a><b></content>`));
  t.equal(codeOf(refused), 'LEGACY_XML_UNREADABLE', 'a refusal comes back from the worker with its code');
  const many = await legacySave(s, '/save/1', { type: FORM, raw: `b=${'x'.repeat(100_000)}&${repeatedKeys(2000)}` });
  t.equal(codeOf(many), 'LEGACY_BODY_TOO_MANY_VALUES', 'and the limit holds there');
});

/** Sends the head of a legacy save with `headers` and waits, the body never sent: what the service answers. */
async function headOnly(t: Test, s: TestApp, path: string, headers: Record<string, string>) {
  const { host } = new URL(s.url);
  const lines = Object.entries({ Host: host, 'Content-Type': FORM, 'Content-Length': '5000000', ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const stalled = await stalledRequest(s.url, `PUT /api/content${path} HTTP/1.1\r\n${lines}\r\n`);
  t.teardown(() => stalled.socket.destroy());
  await stalled.answered;
  return stalled.text;
}

t.test('a signed-in caller who could not save is refused before the body is read', async (t) => {
  const s = (await startTestApp(t, { socket: true }))!;
  await newsType(s);
  const admin = s.basicAuth();
  const editors = (
    await s.http('POST', '/api/v1/roles', { headers: admin, body: { roleName: 'Editors', roleKey: 'editors' } })
  ).json.entity.id as string;
  const made = await s.http('POST', '/api/v1/users', {
    headers: admin,
    body: { email: 'ed@x.com', firstName: 'E', lastName: 'D', password: PASSWORD, roles: [editors] },
  });
  const userId = made.json.entity.userId as string;
  const editor = s.basicAuth('ed@x.com', PASSWORD);
  const systemHost = (owner: string[], editorBits: string[]) =>
    s.http('PUT', '/api/v1/permissions/SYSTEM_HOST', {
      headers: admin,
      body: {
        permissions: [
          { roleId: SEED_IDS.anonymousRole, permissions: ['READ'] },
          { roleId: SEED_IDS.ownerRole, permissions: owner },
          ...(editorBits.length > 0 ? [{ roleId: editors, permissions: editorBits }] : []),
        ],
      },
    });
  t.equal((await systemHost(['READ', 'WRITE', 'PUBLISH'], ['READ', 'WRITE', 'CAN_ADD_CHILDREN'])).status, 200);
  const created = await legacySave(s, '/save/1', json({ contentType: 'News', title: 'Mine' }), { headers: editor });
  t.equal(created.status, 200, created.text);
  const identifier = created.headers.get('identifier')!;

  // Without a role, the user still owns the item, and CMS Owner may write it: the body is read.
  await s.http('PUT', `/api/v1/users/${userId}`, { headers: admin, body: { roles: [] } });
  const update = await legacySave(s, '/save/1', json({ identifier, title: 'Still mine' }), { headers: editor });
  t.equal(update.status, 200, `an owner without a role updates its item: ${update.text}`);

  // Once no role of the user, nor CMS Owner, holds WRITE anywhere, nothing it sends could be saved.
  await systemHost(['READ'], []);
  const refused = await headOnly(t, s, '/save/1', editor);
  t.match(refused, /^HTTP\/1\.1 403/, 'refused without waiting for 5 MB');
  t.match(refused, /PERMISSION_DENIED/);
  t.match(refused, /does not have WRITE permission on any content type or item/);
});

t.test('an action named by id in the path that the caller may not use is refused before the body', async (t) => {
  const s = (await startTestApp(t, { socket: true }))!;
  await newsType(s);
  const admin = s.basicAuth();
  const wf = (method: string, path: string, body?: unknown) =>
    s.http(method, `/api/v1/workflow${path}`, { headers: admin, body });
  const schemeId = (await wf('POST', '/schemes', { schemeName: 'Guarded' })).json.entity.id as string;
  const step = (await wf('POST', '/steps', { schemeId, stepName: 'Only', escalationAction: '', escalationTime: '' }))
    .json.entity.id as string;
  const actionId = (
    await wf('POST', '/actions', {
      actionName: 'Editors Only',
      schemeId,
      actionNextStep: step,
      showOn: ['NEW', 'UNPUBLISHED'],
      whoCanUse: [SEED_IDS.adminRole],
    })
  ).json.entity.id as string;
  const writers = (
    await s.http('POST', '/api/v1/roles', { headers: admin, body: { roleName: 'Writers', roleKey: 'writers' } })
  ).json.entity.id as string;
  await s.http('POST', '/api/v1/users', {
    headers: admin,
    body: { email: 'w@x.com', firstName: 'W', lastName: 'R', password: PASSWORD, roles: [writers] },
  });
  await s.http('PUT', '/api/v1/permissions/SYSTEM_HOST', {
    headers: admin,
    body: { permissions: [{ roleId: writers, permissions: ['READ', 'WRITE', 'CAN_ADD_CHILDREN'] }] },
  });
  const refused = await headOnly(t, s, `/${actionId}/1`, s.basicAuth('w@x.com', PASSWORD));
  t.match(refused, /^HTTP\/1\.1 403/);
  t.match(refused, /WORKFLOW_ACTION_FORBIDDEN/);
});
