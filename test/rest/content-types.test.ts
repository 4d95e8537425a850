import { testOnSqlite } from '../helpers/test-app.js';

const SIMPLE = 'com.cms.contenttype.model.type.ImmutableSimpleContentType';
const TEXT = 'com.cms.contenttype.model.field.ImmutableTextField';

testOnSqlite('content types and fields as the spec shows them', async (t, s) => {
  const admin = s.basicAuth();
  const before = Date.now();

  const created = await s.http('POST', '/api/v1/contenttype', {
    headers: admin,
    body: {
      clazz: SIMPLE,
      defaultType: false,
      name: 'Blog Post',
      description: 'Posts of the blog',
      host: 'SYSTEM_HOST',
      owner: 'cms.org.1',
      variable: 'BlogPost',
      fixed: false,
      system: false,
      workflow: ['d61a59e1-a49c-46f2-a929-db2b4bfa88b2'],
    },
  });
  t.equal(created.status, 200);
  t.same(created.json.errors, []);
  t.equal(created.json.entity.length, 1, 'entity is an array holding the created type');
  const type = created.json.entity[0];
  t.match(type, {
    id: String,
    clazz: SIMPLE,
    baseType: 'CONTENT',
    name: 'Blog Post',
    description: 'Posts of the blog',
    variable: 'BlogPost',
    host: 'SYSTEM_HOST',
    folder: 'SYSTEM_FOLDER',
    owner: 'cms.org.1',
    defaultType: false,
    fixed: false,
    system: false,
    versionable: true,
    multilingualable: false,
    fields: [],
    workflows: [{ id: 'd61a59e1-a49c-46f2-a929-db2b4bfa88b2' }],
  });
  t.ok(type.modDate >= before && type.iDate >= before, 'epoch milliseconds');

  const derived = await s.http('POST', '/api/v1/contenttype', {
    headers: admin,
    body: { clazz: 'SimpleContentType', name: 'News Item' },
  });
  t.match(
    derived.json.entity[0],
    {
      variable: 'newsItem',
      clazz: SIMPLE,
      owner: 'cms.org.1',
      workflows: [{ id: 'd61a59e1-a49c-46f2-a929-db2b4bfa88b2' }],
    },
    'variable derived; bound to the System Workflow',
  );
  const again = await s.http('POST', '/api/v1/contenttype', {
    headers: admin,
    body: { baseType: 'CONTENT', name: 'News Item' },
  });
  t.equal(again.json.entity[0].variable, 'newsItem1', 'derived variables are unique');
  for (const [baseType, clazz] of [
    ['FILEASSET', 'ImmutableFileAssetContentType'],
    ['HTMLPAGE', 'ImmutablePageContentType'],
  ]) {
    const other = await s.http('POST', '/api/v1/contenttype', {
      headers: admin,
      body: { baseType, name: `${baseType} type` },
    });
    t.equal(other.json.entity[0].clazz, `com.cms.contenttype.model.type.${clazz}`);
  }

  t.equal(
    (
      await s.http('POST', '/api/v1/contenttype', {
        headers: admin,
        body: { clazz: SIMPLE, name: 'Dup', variable: 'blogpost' },
      })
    ).status,
    409,
  );
  t.equal(
    (await s.http('POST', '/api/v1/contenttype', { headers: admin, body: { clazz: 'com.example.Nope', name: 'x' } }))
      .status,
    400,
  );
  t.equal((await s.http('POST', '/api/v1/contenttype', { headers: admin, body: { clazz: SIMPLE } })).status, 400);
  t.equal(
    (
      await s.http('POST', '/api/v1/contenttype', {
        headers: admin,
        body: { clazz: SIMPLE, name: 'x', host: 'no-such-site' },
      })
    ).status,
    400,
  );

  const fields = await s.http('POST', '/api/v2/contenttype/BlogPost/fields', {
    headers: admin,
    body: [
      {
        clazz: TEXT,
        name: 'title',
        dataType: 'TEXT',
        sortOrder: 1,
        regexCheck: '',
        defaultValue: '',
        hint: 'The title',
        required: true,
        searchable: true,
        indexed: true,
        listed: true,
        unique: false,
        contentTypeId: type.id,
      },
    ],
  });
  t.equal(fields.status, 200);
  t.match(fields.json.entity, {
    clazz: TEXT,
    name: 'title',
    variable: 'title',
    dataType: 'TEXT',
    hint: 'The title',
    required: true,
    searchable: true,
    indexed: true,
    listed: true,
    unique: false,
    readOnly: false,
    fixed: false,
    contentTypeId: type.id,
    fieldVariables: [],
    id: String,
    modDate: Number,
    iDate: Number,
  });
  const two = await s.http('POST', '/api/v2/contenttype/BlogPost/fields', {
    headers: admin,
    body: [
      { clazz: 'TextField', name: 'Sub Title', fieldVariables: [{ key: 'hidden', value: 'false' }] },
      { clazz: 'ImmutableTextField', name: 'author' },
    ],
  });
  t.equal(two.json.entity.length, 2, 'all created fields when several were sent');
  t.match(two.json.entity[0], {
    variable: 'subTitle',
    clazz: TEXT,
    fieldVariables: [{ key: 'hidden', value: 'false' }],
  });

  const read = await s.http('GET', '/api/v1/contenttype/id/BlogPost', { headers: admin });
  t.same(
    read.json.entity.fields.map((f: { variable: string }) => f.variable),
    ['fields0', 'fields1', 'title', 'subTitle', 'author'],
    'a row and a column in front',
  );
  t.match(read.json.entity.fields[0], { clazz: 'com.cms.contenttype.model.field.ImmutableRowField' });
  t.match(read.json.entity.fields[1], { clazz: 'com.cms.contenttype.model.field.ImmutableColumnField' });
  t.equal(
    (await s.http('GET', `/api/v1/contenttype/id/${type.id}`, { headers: admin })).json.entity.variable,
    'BlogPost',
  );

  t.equal(
    (
      await s.http('POST', '/api/v2/contenttype/BlogPost/fields', {
        headers: admin,
        body: [{ clazz: TEXT, name: 'x', variable: 'TITLE' }],
      })
    ).status,
    409,
  );
  t.equal(
    (
      await s.http('POST', '/api/v2/contenttype/BlogPost/fields', {
        headers: admin,
        body: [{ clazz: 'com.example.Unknown', name: 'x' }],
      })
    ).status,
    400,
  );
  t.equal(
    (
      await s.http('POST', '/api/v2/contenttype/BlogPost/fields', {
        headers: admin,
        body: [{ clazz: TEXT, name: 'r', regexCheck: '([' }],
      })
    ).status,
    400,
  );
  t.equal(
    (
      await s.http('POST', '/api/v2/contenttype/NoSuchType/fields', {
        headers: admin,
        body: [{ clazz: TEXT, name: 'x' }],
      })
    ).status,
    404,
  );

  const fieldId = fields.json.entity.id;
  const one = await s.http('GET', `/api/v2/contenttype/BlogPost/fields/${fieldId}`, { headers: admin });
  t.equal(one.json.entity.variable, 'title');
  const changed = await s.http('PUT', `/api/v2/contenttype/BlogPost/fields/${fieldId}`, {
    headers: admin,
    body: { hint: 'New hint', required: false },
  });
  t.match(changed.json.entity, { id: fieldId, hint: 'New hint', required: false, variable: 'title' });
  t.equal(
    (
      await s.http('PUT', `/api/v2/contenttype/BlogPost/fields/${fieldId}`, {
        headers: admin,
        body: { variable: 'other' },
      })
    ).status,
    400,
  );
  t.equal((await s.http('DELETE', `/api/v2/contenttype/BlogPost/fields/${fieldId}`, { headers: admin })).status, 200);
  t.equal((await s.http('GET', `/api/v2/contenttype/BlogPost/fields/${fieldId}`, { headers: admin })).status, 404);

  const list = await s.http('GET', '/api/v1/contenttype?filter=news', { headers: admin });
  t.same(list.json.entity.map((x: { variable: string }) => x.variable).sort(), ['newsItem', 'newsItem1']);
  t.equal(list.json.pagination.totalEntries, 2);

  const updated = await s.http('PUT', '/api/v1/contenttype/id/BlogPost', {
    headers: admin,
    body: { name: 'Blog', description: 'changed' },
  });
  t.match(updated.json.entity, { name: 'Blog', description: 'changed', variable: 'BlogPost' });
  t.equal(
    (await s.http('PUT', '/api/v1/contenttype/id/BlogPost', { headers: admin, body: { variable: 'Other' } })).status,
    400,
  );

  const editorRole = await s.http('POST', '/api/v1/roles', { headers: admin, body: { roleName: 'Readers' } });
  await s.http('POST', '/api/v1/users', {
    headers: admin,
    body: {
      email: 'reader@x.com',
      firstName: 'R',
      lastName: 'R',
      password: 'reader-password',
      roles: [editorRole.json.entity.id],
    },
  });
  const reader = s.basicAuth('reader@x.com', 'reader-password');
  // A type is shown to those who may read it: the role holds nothing until it is granted READ.
  t.equal((await s.http('GET', '/api/v1/contenttype/id/BlogPost', { headers: reader })).status, 404);
  const blogPost = (await s.http('GET', '/api/v1/contenttype/id/BlogPost', { headers: admin })).json.entity.id;
  await s.http('PUT', `/api/v1/permissions/${blogPost}`, {
    headers: admin,
    body: { permissions: [{ roleId: editorRole.json.entity.id, permissions: ['READ'] }] },
  });
  t.equal((await s.http('GET', '/api/v1/contenttype/id/BlogPost', { headers: reader })).status, 200);
  t.equal(
    (await s.http('POST', '/api/v1/contenttype', { headers: reader, body: { clazz: SIMPLE, name: 'x' } })).status,
    403,
  );
  t.equal((await s.http('GET', '/api/v1/contenttype/id/BlogPost')).status, 401);

  t.equal((await s.http('DELETE', '/api/v1/contenttype/id/BlogPost', { headers: admin })).status, 200);
  t.equal((await s.http('GET', '/api/v1/contenttype/id/BlogPost', { headers: admin })).status, 404);
  t.match(
    (await s.http('GET', '/api/v1/contenttype/id/BlogPost', { headers: admin })).json.message,
    'Content Type with id BlogPost not found',
  );
});

testOnSqlite(
  'dataType on a Text field: INTEGER and FLOAT values are checked and stored as numbers; other data types are refused',
  async (t, s) => {
    const admin = s.basicAuth();
    await s.http('POST', '/api/v1/contenttype', {
      headers: admin,
      body: { clazz: SIMPLE, name: 'Product', variable: 'Product' },
    });
    const addField = (body: unknown) => s.http('POST', '/api/v2/contenttype/Product/fields', { headers: admin, body });
    const fields = await addField([
      { clazz: TEXT, name: 'title' },
      { clazz: TEXT, name: 'count', dataType: 'INTEGER' },
      { clazz: 'TextField', name: 'price', dataType: 'float' },
      { clazz: TEXT, name: 'stock', dataType: 'INTEGER', defaultValue: '3' },
    ]);
    t.equal(fields.status, 200);
    t.same(
      fields.json.entity.map((f: { variable: string; dataType: string }) => [f.variable, f.dataType]),
      [
        ['title', 'TEXT'],
        ['count', 'INTEGER'],
        ['price', 'FLOAT'],
        ['stock', 'INTEGER'],
      ],
    );

    for (const [body, fieldName, code] of [
      [{ clazz: TEXT, name: 'when', dataType: 'DATE' }, 'dataType', 'FIELD_DATA_TYPE_UNSUPPORTED'],
      [{ clazz: TEXT, name: 'flag', dataType: 'BOOL' }, 'dataType', 'FIELD_DATA_TYPE_UNSUPPORTED'],
      [{ clazz: 'DateField', name: 'day', dataType: 'TEXT' }, 'dataType', 'FIELD_DATA_TYPE_UNSUPPORTED'],
      [{ clazz: TEXT, name: 'n', dataType: 'INTEGER', defaultValue: 'many' }, 'n', 'FIELD_DEFINITION_INVALID'],
    ] as const) {
      const refused = await addField(body);
      t.equal(refused.status, 400, JSON.stringify(body));
      t.match(refused.json.errors[0], { errorCode: code, fieldName });
    }
    t.match(
      (await addField({ clazz: TEXT, name: 'when', dataType: 'DATE' })).json.message,
      'A TextField does not take the dataType DATE; it takes TEXT, LONG_TEXT, INTEGER, FLOAT',
    );
    t.equal((await addField({ clazz: 'DateField', name: 'day', dataType: 'DATE' })).status, 200, 'its own data type');

    const countPath = '/api/v2/contenttype/Product/fields/count';
    const changed = await s.http('PUT', countPath, { headers: admin, body: { dataType: 'TEXT' } });
    t.equal(changed.status, 400);
    t.match(changed.json.errors[0], { errorCode: 'FIELD_DATA_TYPE_IMMUTABLE', fieldName: 'dataType' });
    const same = await s.http('PUT', countPath, { headers: admin, body: { dataType: 'INTEGER', hint: 'How many' } });
    t.match(same.json.entity, { dataType: 'INTEGER', hint: 'How many' }, 'the same data type is no change');

    const fire = (values: Record<string, unknown>) =>
      s.http('PUT', '/api/v1/workflow/actions/ceca71a0-deee-4999-bd47-b01baa1bcfc8/fire', {
        headers: admin,
        body: { contentletFormData: { contentType: 'Product', title: 'Widget', ...values } },
      });
    for (const [values, field] of [
      [{ count: 1.5 }, 'count'],
      [{ count: 'abc' }, 'count'],
      [{ count: 2 ** 53 }, 'count'],
      [{ price: 'cheap' }, 'price'],
    ] as const) {
      const refused = await fire(values);
      t.equal(refused.status, 400, JSON.stringify(values));
      t.match(refused.json.errors, [{ errorCode: 'badType', fieldName: field }]);
    }
    const saved = await fire({ count: '12', price: 9.99 });
    t.equal(saved.status, 200);
    t.match(saved.json.entity.map, { count: 12, price: 9.99, stock: 3 });
    const read = await s.http('GET', `/api/v1/content/${saved.json.entity.identifier}`, { headers: admin });
    t.strictSame(
      [read.json.entity.map.count, read.json.entity.map.price, read.json.entity.map.stock],
      [12, 9.99, 3],
      'numbers survive the round trip as numbers',
    );
    const big = await fire({ count: Number.MAX_SAFE_INTEGER, price: '-1e-3' });
    t.match(big.json.entity.map, { count: Number.MAX_SAFE_INTEGER, price: -0.001 });
  },
);
