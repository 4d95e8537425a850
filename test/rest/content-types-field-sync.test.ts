import { testOnEachStorage, testOnSqlite } from '../helpers/test-app.js';

const SIMPLE = 'com.cms.contenttype.model.type.ImmutableSimpleContentType';
const ROW = 'com.cms.contenttype.model.field.ImmutableRowField';
const COLUMN = 'com.cms.contenttype.model.field.ImmutableColumnField';
const TEXT = 'com.cms.contenttype.model.field.ImmutableTextField';

testOnEachStorage('a type update makes its fields those sent, as the original does', async (t, s) => {
  const admin = s.basicAuth();
  const created = await s.http('POST', '/api/v1/contenttype', {
    headers: admin,
    body: {
      clazz: SIMPLE,
      name: 'Sync',
      variable: 'Sync',
      fields: [
        { clazz: TEXT, name: 'Title', variable: 'title' },
        { clazz: TEXT, name: 'Summary', variable: 'summary' },
        { clazz: TEXT, name: 'Old', variable: 'old' },
      ],
    },
  });
  t.equal(created.status, 200, created.text);
  const type = created.json.entity[0];
  const byVar = (fields: Array<{ variable: string }>, v: string) => fields.find((f) => f.variable === v) as never;
  const title = byVar(type.fields, 'title') as { id: string };

  const updated = await s.http('PUT', `/api/v1/contenttype/id/${type.id}`, {
    headers: admin,
    body: {
      clazz: SIMPLE,
      name: 'Sync',
      fields: [
        { id: title.id, clazz: TEXT, name: 'Headline', variable: 'title', required: true, fieldVariables: null },
        { clazz: TEXT, name: 'Summary text', variable: 'summary', id: null },
        { clazz: TEXT, name: 'Body', variable: 'body' },
      ],
    },
  });
  t.equal(updated.status, 200, updated.text);
  const fields = updated.json.entity.fields as Array<{ id: string; variable: string; name: string; clazz: string }>;
  t.match(byVar(fields, 'title'), { id: title.id, name: 'Headline', required: true }, 'matched by id, changed');
  t.match(byVar(fields, 'summary'), { name: 'Summary text' });
  t.equal(
    (byVar(fields, 'summary') as { id: string }).id,
    (byVar(type.fields, 'summary') as { id: string }).id,
    'matched by variable',
  );
  t.ok(byVar(fields, 'body'), 'a new field is created');
  t.notOk(byVar(fields, 'old'), 'a field left out is deleted');
  t.equal(fields[0]?.clazz, ROW, 'the layout is mended: a row first');
  t.equal(fields[1]?.clazz, COLUMN);

  const read = await s.http('GET', '/api/v1/contenttype/id/Sync', { headers: admin });
  t.same(
    read.json.entity.fields.map((f: { variable: string }) => f.variable).filter((v: string) => !v.startsWith('fields')),
    ['title', 'summary', 'body'],
  );
  t.match(read.json.entity, { siteName: 'System Host', folderPath: '/', metadata: {} }, 'where it lives');
  t.match(read.json.entity.layout, [{ divider: { clazz: ROW }, columns: [{ columnDivider: { clazz: COLUMN } }] }]);
  t.equal(read.json.entity.nEntries, undefined, 'entries are counted in listings');

  const kept = await s.http('PUT', '/api/v1/contenttype/id/Sync', {
    headers: admin,
    body: { clazz: SIMPLE, name: 'Sync again', fields: null },
  });
  t.equal(kept.json.entity.fields.length, fields.length, 'fields null leaves them as they are');

  const fired = await s.http('PUT', '/api/v1/workflow/actions/default/fire/NEW', {
    headers: admin,
    body: { contentlet: { contentType: 'Sync', title: 'One' } },
  });
  t.equal(fired.status, 200, fired.text);
  const listed = await s.http('GET', '/api/v1/contenttype?filter=Sync', { headers: admin });
  t.match(listed.json.entity[0], { variable: 'Sync', nEntries: 1, siteName: 'System Host', folderPath: '/' });
  t.equal(listed.json.entity[0].layout, undefined, 'no layout in listings');
  const filtered = await s.http('POST', '/api/v1/contenttype/_filter', {
    headers: admin,
    body: {
      filter: { query: 'Sync', types: null, site: null, baseType: null },
      page: null,
      perPage: null,
      orderBy: null,
      direction: null,
    },
  });
  t.equal(filtered.status, 200, filtered.text);
  t.match(filtered.json.entity, [{ variable: 'Sync', nEntries: 1 }], 'the filter form takes nulls');
});

testOnSqlite('a type update keeps fixed fields and refuses what a field update refuses', async (t, s) => {
  const admin = s.basicAuth();
  const created = await s.http('POST', '/api/v1/contenttype', {
    headers: admin,
    body: { baseType: 'FILEASSET', name: 'Files2', variable: 'Files2' },
  });
  t.equal(created.status, 200, created.text);
  const before = created.json.entity[0].fields as Array<{ fixed: boolean; variable: string }>;
  const updated = await s.http('PUT', '/api/v1/contenttype/id/Files2', {
    headers: admin,
    body: { fields: [{ clazz: TEXT, name: 'Extra', variable: 'extra' }] },
  });
  t.equal(updated.status, 200, updated.text);
  const after = updated.json.entity.fields as Array<{ variable: string }>;
  for (const f of before.filter((x) => x.fixed))
    t.ok(
      after.some((a) => a.variable === f.variable),
      `fixed ${f.variable} stays`,
    );
  t.ok(after.some((a) => a.variable === 'extra'));

  const title = after.find((a) => a.variable === 'title') as { id: string } | undefined;
  t.ok(title);
  const refused = await s.http('PUT', '/api/v1/contenttype/id/Files2', {
    headers: admin,
    body: { fields: [{ id: title!.id, clazz: TEXT, variable: 'renamed' }] },
  });
  t.equal(refused.status, 400, 'a variable cannot change');
  const unchanged = await s.http('GET', '/api/v1/contenttype/id/Files2', { headers: admin });
  t.ok(
    unchanged.json.entity.fields.some((a: { variable: string }) => a.variable === 'extra'),
    'nothing saved',
  );

  const badSort = await s.http('POST', '/api/v1/contenttype/_filter', {
    headers: admin,
    body: { filter: null, orderBy: 'nope' },
  });
  t.equal(badSort.status, 400, 'an unknown column is still refused');
});
