import { testOnSqlite } from '../helpers/test-app.js';

// A client of the original sends its `com.dotcms.` / `com.dotmarketing.` class
// names; they are accepted, and answers keep `com.cms.`.

const TYPE = 'com.cms.contenttype.model.type.';
const FIELD = 'com.cms.contenttype.model.field.';

testOnSqlite("content types, fields and actionlets accept the original's class names", async (t, s) => {
  const admin = s.basicAuth();
  const created = await s.http('POST', '/api/v1/contenttype', {
    headers: admin,
    body: {
      clazz: 'com.dotcms.contenttype.model.type.ImmutableSimpleContentType',
      name: 'Article',
      variable: 'Article',
      fields: [{ clazz: 'com.dotcms.contenttype.model.field.ImmutableTextField', name: 'title', variable: 'title' }],
    },
  });
  t.equal(created.status, 200, created.text);
  const type = Array.isArray(created.json.entity) ? created.json.entity[0] : created.json.entity;
  t.equal(type.clazz, `${TYPE}ImmutableSimpleContentType`, 'the type answers our class name');
  t.same(
    type.fields.filter((f: { variable: string }) => f.variable === 'title').map((f: { clazz: string }) => f.clazz),
    [`${FIELD}ImmutableTextField`],
    'and so does its field',
  );

  const added = await s.http('POST', '/api/v2/contenttype/Article/fields', {
    headers: admin,
    body: [
      { clazz: 'com.dotcms.contenttype.model.field.ImmutableDateField', name: 'day', variable: 'day' },
      { clazz: 'com.dotcms.contenttype.model.field.TextAreaField', name: 'body', variable: 'body' },
    ],
  });
  t.equal(added.status, 200, added.text);
  t.same(
    (added.json.entity as Array<{ variable: string; clazz: string }>)
      .filter((f) => f.variable !== 'title')
      .map((f) => f.clazz),
    [`${FIELD}ImmutableDateField`, `${FIELD}ImmutableTextAreaField`],
  );

  const file = await s.http('POST', '/api/v1/contenttype', {
    headers: admin,
    body: { clazz: 'com.dotcms.contenttype.model.type.FileAssetContentType', name: 'Docs', variable: 'Docs' },
  });
  const fileType = Array.isArray(file.json.entity) ? file.json.entity[0] : file.json.entity;
  t.match(fileType, { clazz: `${TYPE}ImmutableFileAssetContentType`, baseType: 'FILEASSET' });

  const unknown = await s.http('POST', '/api/v1/contenttype', {
    headers: admin,
    body: { clazz: 'com.dotcms.contenttype.model.type.NoSuchType', name: 'X', variable: 'X' },
  });
  t.equal(unknown.status, 400, 'an unknown class of the original is still refused');
  t.equal(unknown.json.errors[0].errorCode, 'CONTENT_TYPE_CLASS_UNKNOWN');

  const unpublish = '38efc763-d78f-4e4b-b092-59cd8c579b93';
  const actionlet = await s.http('POST', `/api/v1/workflow/actions/${unpublish}/actionlets`, {
    headers: admin,
    body: { actionletClass: 'com.dotmarketing.portlets.workflows.actionlet.CheckinContentActionlet' },
  });
  t.equal(actionlet.status, 200, actionlet.text);
  const listed = (await s.http('GET', `/api/v1/workflow/actions/${unpublish}/actionlets`, { headers: admin })).json
    .entity as Array<{ clazz: string }>;
  t.ok(
    listed.some((a) => a.clazz === 'com.cms.portlets.workflows.actionlet.CheckinContentActionlet'),
    'the actionlet is stored and answered under our class name',
  );
  t.notOk(listed.some((a) => a.clazz.startsWith('com.dotmarketing.')));
  const unknownActionlet = await s.http('POST', `/api/v1/workflow/actions/${unpublish}/actionlets`, {
    headers: admin,
    body: { actionletClass: 'com.dotmarketing.portlets.workflows.actionlet.NoSuchActionlet' },
  });
  t.equal(unknownActionlet.status, 400);
  t.equal(unknownActionlet.json.errors[0].errorCode, 'WORKFLOW_ACTIONLET_UNKNOWN');
});
