import t, { type Test } from 'tap';
import { startTestApp, testOnSqlite, type StorageName, type TestApp } from '../helpers/test-app.js';
import { itemMap, json, legacySave } from '../helpers/legacy-save.js';
import { multipartBody, MULTIPART_TYPE, MULTIPART_BOUNDARY } from '../helpers/multipart-body.js';
import { stalledRequest } from '../helpers/raw-http.js';

// The execution conditions of a named action, anonymous saving, and attacks on the interface.

const ACTIONLET = 'com.cms.portlets.workflows.actionlet.';
const DEFAULT_SITE = '8a7d5e23-da1e-420a-b4f0-471e7da8ea2d';
const ANONYMOUS_ROLE = '654b0931-1027-41f7-ad4d-173115ed8ec1';
const PASSWORD = 'a-long-test-password-1';

/** A scheme with steps Draft and Review, and actions built to meet or miss each condition. */
async function editorial(s: TestApp) {
  const admin = s.basicAuth();
  const wf = (method: string, path: string, body?: unknown) =>
    s.http(method, `/api/v1/workflow${path}`, { headers: admin, body });
  const scheme = async (schemeName: string, stepNames: string[]) => {
    const schemeId = (await wf('POST', '/schemes', { schemeName })).json.entity.id as string;
    const steps: string[] = [];
    for (const stepName of stepNames)
      steps.push(
        (await wf('POST', '/steps', { schemeId, stepName, escalationAction: '', escalationTime: '' })).json.entity.id,
      );
    return { schemeId, steps };
  };
  const action = async (
    schemeId: string,
    actionName: string,
    {
      next,
      steps,
      actionlets,
      ...extra
    }: { next: string; steps: string[]; actionlets: string[] } & Record<string, unknown>,
  ) => {
    const id = (
      await wf('POST', '/actions', {
        actionName,
        schemeId,
        actionNextStep: next,
        showOn: ['NEW', 'UNPUBLISHED', 'PUBLISHED', 'LOCKED', 'UNLOCKED'],
        whoCanUse: [],
        ...extra,
      })
    ).json.entity.id as string;
    for (const step of steps) await wf('POST', `/steps/${step}/actions`, { actionId: id });
    const [notify] = (await wf('GET', `/actions/${id}/actionlets`)).json.entity;
    await wf('DELETE', `/actionlets/${notify.id}`);
    for (const clazz of actionlets)
      await wf('POST', `/actions/${id}/actionlets`, { actionletClass: ACTIONLET + clazz });
    return id;
  };
  const main = await scheme('Editorial', ['Draft', 'Review']);
  const [draft, review] = main.steps as [string, string];
  const ids = {
    sendForReview: await action(main.schemeId, 'Send for Review', {
      next: review,
      steps: [draft],
      actionlets: ['SaveContentActionlet'],
      actionCommentable: true,
      actionAssignable: true,
    }),
    quietSave: await action(main.schemeId, 'Quiet Save', {
      next: review,
      steps: [draft, review],
      actionlets: ['SaveContentActionlet'],
      actionCommentable: false,
      actionAssignable: false,
    }),
    approve: await action(main.schemeId, 'Approve', {
      next: review,
      steps: [review],
      actionlets: ['SaveContentActionlet', 'PublishContentActionlet'],
    }),
    notifyOnly: await action(main.schemeId, 'Notify Only', {
      next: draft,
      steps: [draft],
      actionlets: ['NotifyAssigneeActionlet'],
    }),
    restricted: await action(main.schemeId, 'Editors Only', {
      next: draft,
      steps: [draft],
      actionlets: ['SaveContentActionlet'],
      whoCanUse: ['editors'],
    }),
  };
  const other = await scheme('Elsewhere', ['Only']);
  const foreign = await action(other.schemeId, 'Foreign Save', {
    next: other.steps[0]!,
    steps: [other.steps[0]!],
    actionlets: ['SaveContentActionlet'],
  });
  const second = await scheme('Second', ['Intake']);
  const intake = await action(second.schemeId, 'Intake Save', {
    next: second.steps[0]!,
    steps: [second.steps[0]!],
    actionlets: ['SaveContentActionlet'],
  });
  const type = async (variable: string, workflow: string[]) => {
    await s.http('POST', '/api/v1/contenttype', {
      headers: admin,
      body: { clazz: 'SimpleContentType', name: variable, variable, host: DEFAULT_SITE, workflow },
    });
    await s.http('POST', `/api/v2/contenttype/${variable}/fields`, {
      headers: admin,
      body: [{ clazz: 'TextField', name: 'title', variable: 'title', required: true }],
    });
  };
  await type('Story', [main.schemeId]);
  await type('Dual', [second.schemeId, main.schemeId]);
  return { ...ids, foreign, intake, draft, review };
}

const history = async (s: TestApp, identifier: string) =>
  (await s.http('GET', `/api/v1/workflow/tasks/history/comments/${identifier}`, { headers: s.basicAuth() })).json
    .entity as Array<{ type: string; commentDescription: string; stepId: string }>;

testOnSqlite('a named action: by name or id, comments and assignment, and each condition refused', async (t, s) => {
  const wf = await editorial(s);
  const sent = await legacySave(
    s,
    `/send%20FOR%20review/1/wfActionComments/${encodeURIComponent('Ready, see p/2')}/wfActionAssign/cms.org.1`,
    json({ contentType: 'Story', title: 'Draft one' }),
    { method: 'POST' },
  );
  t.equal(sent.status, 200, `by name, any case: ${sent.text}`);
  const identifier = sent.headers.get('identifier')!;
  const entries = await history(s, identifier);
  t.same(
    entries.map((e) => [e.type, e.commentDescription]),
    [
      ['history', 'Send for Review'],
      ['comment', 'Ready, see p/2'],
    ],
    'the action and the comment',
  );
  t.equal(entries[0]!.stepId, wf.review, 'moved to Review');

  const quiet = await legacySave(
    s,
    `/Quiet%20Save/1/wfActionComments/ignored`,
    json({ contentType: 'Story', identifier, title: 'Quiet' }),
  );
  t.equal(quiet.status, 200, 'a comment on an action that takes none is ignored, as the original does');
  t.notOk((await history(s, identifier)).some((e) => e.commentDescription === 'ignored'));

  const approved = await legacySave(s, `/${wf.approve}/1`, json({ identifier, title: 'Approved' }));
  t.equal(approved.status, 200, `by id: ${approved.text}`);
  t.equal((await itemMap(s, identifier, true)).title, 'Approved', 'the action published it');

  const refusals: Array<[string, string, Record<string, unknown>, number, RegExp]> = [
    ['the scheme is not attached to the type', `/${wf.foreign}/1`, { contentType: 'Story', title: 'x' }, 400, /./],
    [
      'by name, only the schemes of the type',
      '/Foreign%20Save/1',
      { contentType: 'Story', title: 'x' },
      404,
      /No workflow action/,
    ],
    ['not in the item’s current step', '/Send%20for%20Review/1', { identifier, title: 'x' }, 400, /not available/],
    [
      'new content: only the first step’s actions',
      '/Approve/1',
      { contentType: 'Story', title: 'x' },
      400,
      /not available/,
    ],
    [
      'no sub-action saves content',
      '/Notify%20Only/1',
      { contentType: 'Story', title: 'x' },
      400,
      /workflow interface/,
    ],
  ];
  for (const [what, path, body, status, message] of refusals) {
    const refused = await legacySave(s, path, json(body));
    t.equal(refused.status, status, what);
    t.match(refused.json?.message, message, what);
  }
  t.equal((await itemMap(s, identifier)).title, 'Approved', 'nothing changed by the refusals');

  // A type with two schemes: the item is in the scheme it entered, and only that scheme's actions run.
  const dual = await legacySave(s, '/Intake%20Save/1', json({ contentType: 'Dual', title: 'two schemes' }));
  t.equal(dual.status, 200, dual.text);
  const wrongScheme = await legacySave(
    s,
    '/Quiet%20Save/1',
    json({ identifier: dual.headers.get('identifier'), title: 'moved?' }),
  );
  t.equal(wrongScheme.status, 400, 'the item is not in the scheme of the action');

  // whoCanUse and permissions, for a user who may save content but is not an editor.
  const admin = s.basicAuth();
  const writers = (
    await s.http('POST', '/api/v1/roles', { headers: admin, body: { roleName: 'Writers', roleKey: 'writers' } })
  ).json.entity.id as string;
  await s.http('POST', '/api/v1/roles', { headers: admin, body: { roleName: 'Editors', roleKey: 'editors' } });
  await s.http('POST', '/api/v1/users', {
    headers: admin,
    body: { email: 'writer@example.com', firstName: 'W', lastName: 'R', password: PASSWORD, roles: [writers] },
  });
  const writer = s.basicAuth('writer@example.com', PASSWORD);
  const asWriter = (path: string) =>
    legacySave(s, path, json({ contentType: 'Story', title: 'by a writer' }), { headers: writer });
  t.equal((await asWriter('/Quiet%20Save/1')).status, 403, 'no permission on the site or the type yet');
  await s.http('PUT', `/api/v1/permissions/${DEFAULT_SITE}`, {
    headers: admin,
    body: { permissions: [{ roleId: writers, permissions: ['READ', 'WRITE', 'CAN_ADD_CHILDREN'] }] },
  });
  t.equal((await asWriter('/Quiet%20Save/1')).status, 200, 'permitted');
  const notEditor = await asWriter('/Editors%20Only/1');
  t.equal(notEditor.status, 403, 'whoCanUse');
  const unmapped = await asWriter('/publish/1');
  t.equal(unmapped.status, 400, 'publish on a type whose scheme maps no PUBLISH system action');
  t.match(unmapped.json.message, /PUBLISH/);
});

/** The anonymous matrix: the two settings (one app each) by the two permissions of the anonymous role. */
async function anonymousMatrix(t: Test, storage: StorageName) {
  const settings: Array<[string, Record<string, string>, boolean]> = [
    ['WRITE and not rejecting', { CONTENT_APIS_ALLOW_ANONYMOUS: 'WRITE', REST_API_REJECT_WITH_NO_USER: 'false' }, true],
    ['READ', { CONTENT_APIS_ALLOW_ANONYMOUS: 'READ', REST_API_REJECT_WITH_NO_USER: 'false' }, false],
    [
      'rejecting requests without a user',
      { CONTENT_APIS_ALLOW_ANONYMOUS: 'WRITE', REST_API_REJECT_WITH_NO_USER: 'true' },
      false,
    ],
    ['the defaults', {}, false],
  ];
  for (const [name, env, settingsAllow] of settings) {
    await t.test(`anonymous saving with ${name}, on ${storage}`, async (t) => {
      const s = await startTestApp(t, { storage, env });
      if (!s) return;
      const admin = s.basicAuth();
      const typeId = (
        await s.http('POST', '/api/v1/contenttype', {
          headers: admin,
          body: { clazz: 'SimpleContentType', name: 'Tip', variable: 'Tip', host: DEFAULT_SITE },
        })
      ).json.entity[0].id as string;
      await s.http('POST', '/api/v2/contenttype/Tip/fields', {
        headers: admin,
        body: [
          { clazz: 'TextField', name: 'title', variable: 'title' },
          { clazz: 'RelationshipField', name: 'related', variable: 'related', relationType: 'Tip', values: '1' },
        ],
      });
      const grant = (assetId: string, permissions: string[]) =>
        s.http('PUT', `/api/v1/permissions/${assetId}`, {
          headers: admin,
          body: { permissions: [{ roleId: ANONYMOUS_ROLE, permissions }] },
        });
      const anonymous = (path = '/save/1') =>
        legacySave(s, path, json({ contentType: 'Tip', title: 'hello' }), { headers: {} });
      for (const [site, type] of [
        [false, false],
        [true, false],
        [false, true],
        [true, true],
      ]) {
        await grant(DEFAULT_SITE, site ? ['READ', 'CAN_ADD_CHILDREN'] : ['READ']);
        await grant(typeId, type ? ['READ', 'WRITE'] : ['READ']);
        const saved = await anonymous();
        const allowed = settingsAllow && site && type;
        t.equal(saved.status, allowed ? 200 : 401, `Add on the site ${site}, Edit on the type ${type}`);
        if (!allowed) t.match(saved.json.message, /^Invalid User/);
      }
      if (!settingsAllow) return;
      const first = (await anonymous()).headers.get('identifier')!;
      for (const [what, body] of [
        ['a query in the field', { contentType: 'Tip', title: 'q', related: '+contentType:Tip' }],
        ['a query by relationship name', { contentType: 'Tip', title: 'q', 'Tip-Tip': `+identifier:${first}` }],
      ] as const) {
        const probing = await legacySave(s, '/save/1', json(body), { headers: {} });
        t.equal(probing.status, 401, `${what}: queries would show unpublished content`);
      }
      const byId = await legacySave(s, '/save/1', json({ contentType: 'Tip', title: 'r', related: first }), {
        headers: {},
      });
      t.equal(byId.status, 200, `relating by identifier: ${byId.text}`);
      const published = await anonymous('/publish/1');
      t.equal(published.status, 401, 'publishing needs PUBLISH for the anonymous role');
      await grant(DEFAULT_SITE, ['READ', 'CAN_ADD_CHILDREN', 'PUBLISH']);
      await grant(typeId, ['READ', 'WRITE', 'PUBLISH']);
      const live = await anonymous('/publish/1');
      t.equal(live.status, 200, live.text);
      t.equal((await itemMap(s, live.headers.get('identifier')!, true)).owner, 'anonymous');
    });
  }
}

t.test('anonymous saving needs all four conditions', async (t) => {
  // On SQLite only, as the other REST scenarios: the contract suites cover what it asks of storage.
  await anonymousMatrix(t, 'sqlite');
});

testOnSqlite('attacks: SQL in the type name and elsewhere, hostile multipart bodies', async (t, s) => {
  await s.http('POST', '/api/v1/contenttype', {
    headers: s.basicAuth(),
    body: { clazz: 'SimpleContentType', name: 'News', variable: 'News' },
  });
  await s.http('POST', '/api/v2/contenttype/News/fields', {
    headers: s.basicAuth(),
    body: [{ clazz: 'TextField', name: 'title', variable: 'title' }],
  });
  // The original's CVE: the type name from a form went into SQL.
  const injections = [
    "News' AND 6745=6745 AND 'a'='a",
    "News'; DROP TABLE content_identifier; --",
    'News" OR "1"="1',
    "' UNION SELECT * FROM users --",
  ];
  for (const contentType of injections) {
    const asForm = await legacySave(s, '/save/1', {
      type: 'application/x-www-form-urlencoded',
      raw: new URLSearchParams({ stName: contentType, title: 'x' }).toString(),
    });
    t.equal(asForm.status, 404, `type ${contentType}`);
    const asIdentifier = await legacySave(s, '/save/1', json({ identifier: contentType, title: 'x' }));
    t.equal(asIdentifier.status, 404, `identifier ${contentType}`);
    const asAction = await legacySave(
      s,
      `/${encodeURIComponent(contentType)}/1`,
      json({ contentType: 'News', title: 'x' }),
    );
    t.equal(asAction.status, 404, `action ${contentType}`);
  }
  const stored = await legacySave(s, '/save/1', json({ contentType: 'News', title: 'O\'Brien"; DROP TABLE x; --' }));
  t.equal(stored.status, 200, 'values are bound, never spliced');
  t.equal((await itemMap(s, stored.headers.get('identifier')!)).title, 'O\'Brien"; DROP TABLE x; --');

  const manyParts = Buffer.concat([
    Buffer.from(
      Array.from(
        { length: 10_000 },
        () => `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n`,
      ).join(''),
    ),
    Buffer.from(`--${MULTIPART_BOUNDARY}--\r\n`),
  ]);
  const tooMany = await legacySave(s, '/save/1', { type: MULTIPART_TYPE, raw: manyParts });
  t.equal(tooMany.status, 400, '10,000 parts');
  const unterminated = Buffer.from(
    `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="json"\r\n\r\n{"contentType":"News","title":"x"}`,
  );
  t.equal(
    (await legacySave(s, '/save/1', { type: MULTIPART_TYPE, raw: unterminated })).status,
    400,
    'a part without an end',
  );
  const noBoundary = await legacySave(s, '/save/1', { type: 'multipart/form-data', raw: multipartBody([]) });
  t.equal(noBoundary.status, 400, 'no boundary');
  const after = await legacySave(s, '/save/1', json({ contentType: 'News', title: 'still fine' }));
  t.equal(after.status, 200, 'the service is unharmed');
});

t.test('the body limits hold for every format and every part', async (t) => {
  const s = (await startTestApp(t, {
    socket: true,
    env: {
      CMS_HTTP_MAX_BODY_BYTES: '4096',
      CMS_HTTP_MAX_UPLOAD_BYTES: '65536',
      CMS_HTTP_MAX_UPLOAD_FIELD_BYTES: '2048',
    },
  }))!;
  const big = 'x'.repeat(8192);
  const members = JSON.stringify({ contentType: 'News', title: 'x'.repeat(3000) });
  const bodies: Array<[string, { type: string; raw: string | Buffer }]> = [
    ['JSON over http.max.body.bytes', json({ contentType: 'News', title: big })],
    ['XML', { type: 'application/xml', raw: `<content><title>${big}</title></content>` }],
    ['url-encoded', { type: 'application/x-www-form-urlencoded', raw: `title=${big}` }],
    [
      'a file over http.max.upload.bytes',
      {
        type: MULTIPART_TYPE,
        raw: multipartBody([{ name: 'file', value: Buffer.alloc(100_000), fileName: 'big.bin' }]),
      },
    ],
    [
      'a json part over http.max.upload.field.bytes',
      { type: MULTIPART_TYPE, raw: multipartBody([{ name: 'json', value: members }]) },
    ],
    [
      'a json part sent as a file, read back',
      { type: MULTIPART_TYPE, raw: multipartBody([{ name: 'json', value: members, fileName: 'body.json' }]) },
    ],
  ];
  for (const [what, body] of bodies) {
    const refused = await legacySave(s, '/save/1', body);
    t.equal(refused.status, 413, what);
  }
});

t.test('an anonymous caller who may not save is answered before the body is sent', async (t) => {
  const s = (await startTestApp(t, { socket: true }))!;
  const { host } = new URL(s.url);
  const head =
    `PUT /api/content/save/1 HTTP/1.1\r\nHost: ${host}\r\nContent-Type: ${MULTIPART_TYPE}\r\n` +
    `Content-Length: 50000000\r\n\r\n`;
  const stalled = await stalledRequest(s.url, head, `--${MULTIPART_BOUNDARY}\r\n`);
  t.teardown(() => stalled.socket.destroy());
  await stalled.answered;
  t.match(stalled.text, /^HTTP\/1\.1 401/, 'refused without waiting for 50 MB');
  t.match(stalled.text, /Invalid User/);
});
