import { testOnEachStorage, testOnSqlite } from '../helpers/test-app.js';

const SIMPLE = 'com.cms.contenttype.model.type.ImmutableSimpleContentType';
const SYSTEM_WORKFLOW = 'd61a59e1-a49c-46f2-a929-db2b4bfa88b2';
const SAVE = 'ceca71a0-deee-4999-bd47-b01baa1bcfc8';
const PUBLISH = 'b9d89c80-3d88-4311-8365-187323c96436';
const ROW = 'com.cms.contenttype.model.field.ImmutableRowField';
const COLUMN = 'com.cms.contenttype.model.field.ImmutableColumnField';
const TEXT = 'com.cms.contenttype.model.field.ImmutableTextField';

testOnEachStorage('content types as the original sends and answers them', async (t, s) => {
  const admin = s.basicAuth();

  const created = await s.http('POST', '/api/v1/contenttype', {
    headers: admin,
    body: {
      clazz: SIMPLE,
      name: 'Press Release',
      variable: 'PressRelease',
      icon: null,
      description: null,
      folder: null,
      sortOrder: null,
      workflow: [{ variableName: 'SystemWorkflow' }],
      systemActionMappings: { NEW: SAVE, PUBLISH },
    },
  });
  t.equal(created.status, 200, 'nulls, workflow objects and mappings are taken');
  const type = created.json.entity[0];
  t.match(
    type,
    { icon: 'event_note', description: '', folder: 'SYSTEM_FOLDER', sortOrder: 0 },
    'null keeps the default',
  );
  t.match(type.workflows, [{ id: SYSTEM_WORKFLOW, name: 'System Workflow', variableName: 'SystemWorkflow' }]);
  t.match(type.systemActionMappings, {
    NEW: { systemAction: 'NEW', workflowAction: { id: SAVE }, owner: type.id, ownerContentType: true },
    PUBLISH: { systemAction: 'PUBLISH', workflowAction: { id: PUBLISH } },
  });
  t.same(Object.keys(type.systemActionMappings).sort(), ['NEW', 'PUBLISH'], 'only its own mappings');

  const read = await s.http('GET', '/api/v1/contenttype/id/PressRelease', { headers: admin });
  t.same(Object.keys(read.json.entity.systemActionMappings).sort(), ['NEW', 'PUBLISH'], 'the mappings are kept');
  t.match(read.json.entity.workflows, [{ id: SYSTEM_WORKFLOW, variableName: 'SystemWorkflow' }]);

  const listed = await s.http('GET', '/api/v1/contenttype?filter=PressRelease', { headers: admin });
  t.match(listed.json.entity[0].workflows, [{ id: SYSTEM_WORKFLOW, variableName: 'SystemWorkflow' }]);

  // The original's clients update with the path naming a type the body identifies otherwise.
  const updated = await s.http('PUT', '/api/v1/contenttype/id/no-such-type', {
    headers: admin,
    body: {
      clazz: SIMPLE,
      id: type.id,
      name: 'Press Releases',
      workflow: [SYSTEM_WORKFLOW],
      systemActionMappings: { NEW: SAVE, PUBLISH: '' },
    },
  });
  t.equal(updated.status, 200, 'found by the id of the body');
  t.equal(updated.json.entity.name, 'Press Releases');
  t.same(Object.keys(updated.json.entity.systemActionMappings), ['NEW'], 'an empty action removes a mapping');

  const byVariable = await s.http('PUT', '/api/v1/contenttype/id/still-no-such-type', {
    headers: admin,
    body: { clazz: SIMPLE, variable: 'PressRelease', name: 'Press', systemActionMappings: {} },
  });
  t.equal(byVariable.status, 200, 'found by the variable of the body');
  t.same(byVariable.json.entity.systemActionMappings, {}, 'mappings not sent on an update are removed');

  const missing = await s.http('PUT', '/api/v1/contenttype/id/no-such-type', {
    headers: admin,
    body: { clazz: SIMPLE, name: 'x' },
  });
  t.equal(missing.status, 404, 'nothing to find');

  const unknownScheme = await s.http('POST', '/api/v1/contenttype', {
    headers: admin,
    body: { clazz: SIMPLE, name: 'Orphan', workflow: [{ variableName: 'NoSuchWorkflow' }] },
  });
  t.equal(unknownScheme.status, 404);
  t.match(unknownScheme.json.message, 'Workflow Scheme [NoSuchWorkflow] in Content Type [Orphan] not found.');
  const stillAbsent = await s.http('GET', '/api/v1/contenttype/id/orphan', { headers: admin });
  t.equal(stillAbsent.status, 404, 'a refused type is not created');
});

testOnSqlite('a body member of the wrong type is named with what it accepts', async (t, s) => {
  const admin = s.basicAuth();
  const nullFields = await s.http('POST', '/api/v1/contenttype', {
    headers: admin,
    body: {
      clazz: SIMPLE,
      name: 'Nulls',
      fields: [
        { clazz: TEXT, name: 'Title', id: null, variable: null, dataType: null, sortOrder: null, required: null },
      ],
    },
  });
  t.equal(nullFields.status, 200, 'a field sent with nulls is taken');
  t.match(nullFields.json.entity[0].fields, [
    { clazz: ROW },
    { clazz: COLUMN },
    { variable: 'title', required: false },
  ]);
  const copied = await s.http('POST', '/api/v1/contenttype/Nulls/_copy', {
    headers: admin,
    body: { name: 'Nulls Copy', variable: null, icon: null, host: null, folder: null },
  });
  t.equal(copied.status, 200, 'a copy sent with nulls keeps the source');
  t.match(copied.json.entity, {
    variable: 'nullsCopy',
    icon: 'event_note',
    workflows: [{ id: SYSTEM_WORKFLOW, variableName: 'SystemWorkflow' }],
    systemActionMappings: {},
  });
  const wrongIcon = await s.http('POST', '/api/v1/contenttype', {
    headers: admin,
    body: { clazz: SIMPLE, name: 'x', icon: 5 },
  });
  t.equal(wrongIcon.status, 400);
  t.notMatch(JSON.stringify(wrongIcon.json), /union/i);
  t.match(wrongIcon.json.errors[0], { fieldName: 'icon', message: /icon: Expected a string or null/ });

  const wrongWorkflow = await s.http('POST', '/api/v1/contenttype', {
    headers: admin,
    body: [{ clazz: SIMPLE, name: 'x', workflow: [5] }],
  });
  t.equal(wrongWorkflow.status, 400);
  t.notMatch(JSON.stringify(wrongWorkflow.json), /union/i);
  t.match(wrongWorkflow.json.errors[0], { fieldName: '0.workflow.0', message: /Expected a string or an object/ });
});

testOnSqlite('a saved type has its fields in rows and columns, as the original mends them', async (t, s) => {
  const admin = s.basicAuth();
  const created = await s.http('POST', '/api/v1/contenttype', {
    headers: admin,
    body: {
      clazz: SIMPLE,
      name: 'Layout Mended',
      fields: [
        { clazz: ROW, name: 'empty row', sortOrder: 0 },
        { clazz: ROW, name: 'row', sortOrder: 1 },
        { clazz: TEXT, name: 'Title', variable: 'title', sortOrder: 2 },
        { clazz: COLUMN, name: 'c1', sortOrder: 3 },
        { clazz: TEXT, name: 'One', variable: 'one', sortOrder: 4 },
        { clazz: COLUMN, name: 'c2', sortOrder: 5 },
        { clazz: COLUMN, name: 'c3', sortOrder: 6 },
        { clazz: COLUMN, name: 'c4', sortOrder: 7 },
        { clazz: TEXT, name: 'Four', variable: 'four', sortOrder: 8 },
      ],
    },
  });
  t.equal(created.status, 200);
  const fields = created.json.entity[0].fields as Array<{ clazz: string; variable: string; sortOrder: number }>;
  const shape = fields.map((f) => (f.clazz === ROW ? 'ROW' : f.clazz === COLUMN ? 'COL' : f.variable));
  t.same(
    shape,
    ['ROW', 'COL', 'title', 'COL', 'one', 'COL', 'COL', 'four'],
    'the empty row is dropped, a column is made before the field outside one, the fifth column joins the fourth',
  );
  t.same(
    fields.map((f) => f.sortOrder),
    fields.map((_, i) => i),
    'each field takes its position as sortOrder',
  );
  const rows = await s.http('GET', '/api/v3/contenttype/LayoutMended/fields', { headers: admin });
  t.equal(rows.json.entity.length, 1);
  t.equal(rows.json.entity[0].columns.length, 4);
});
