import { testOnSqlite, textContentType, userWithNewRole } from '../helpers/test-app.js';

const FILE_TYPE = 'com.cms.contenttype.model.type.ImmutableFileAssetContentType';

testOnSqlite('base types, field types, the filtered listing and copies of content types', async (t, s) => {
  const admin = s.basicAuth();

  const bases = await s.http('GET', '/api/v1/contenttype/basetypes', { headers: admin });
  t.equal(bases.status, 200);
  t.match(bases.json.entity, [{ name: 'CONTENT', label: 'Content', types: null }]);
  t.ok(bases.json.entity.some((b: { name: string }) => b.name === 'FILEASSET'));

  const fieldTypes = await s.http('GET', '/api/v1/fieldTypes', { headers: admin });
  t.equal(fieldTypes.status, 200);
  t.match(
    fieldTypes.json.entity.find((f: { id: string }) => f.id === 'tabdivider'),
    { label: 'Tab Divider', clazz: 'com.cms.contenttype.model.field.ImmutableTabDividerField', dataType: 'SYSTEM' },
  );
  t.match(
    fieldTypes.json.entity.find((f: { id: string }) => f.id === 'text'),
    { dataTypes: ['TEXT', 'LONG_TEXT', 'INTEGER', 'FLOAT'] },
  );

  const site = await s.http('POST', '/api/v1/site', { headers: admin, body: { siteName: 'shop.example.com' } });
  const siteId = site.json.entity.identifier;
  await textContentType(s, 'Product', ['title', 'price']);
  await textContentType(s, 'Review', ['title']);
  await s.http('POST', '/api/v1/contenttype', {
    headers: admin,
    body: { clazz: 'SimpleContentType', name: 'Shop Banner', variable: 'ShopBanner', host: siteId },
  });
  await s.http('POST', '/api/v1/contenttype', {
    headers: admin,
    body: { clazz: FILE_TYPE, name: 'Manual', variable: 'Manual' },
  });

  const filter = async (body: unknown) => {
    const r = await s.http('POST', '/api/v1/contenttype/_filter', { headers: admin, body });
    return r.status === 200 ? r.json.entity.map((x: { variable: string }) => x.variable) : r;
  };
  t.same(await filter({ filter: { types: 'Review, product' } }), ['Product', 'Review'], 'by variables');
  t.same(await filter({ filter: { types: 'Review,Product,ShopBanner', site: 'shop.example.com' } }), [
    'Product',
    'Review',
    'ShopBanner',
  ]);
  t.same(
    await filter({ filter: { types: 'Review,ShopBanner', site: 'SYSTEM_HOST' } }),
    ['Review'],
    "the system's only",
  );
  t.same(
    await filter({ filter: { baseType: 'fileasset' } }),
    ['FileAsset', 'Manual'],
    'by base type (the seeded one too)',
  );
  t.same(await filter({ filter: { query: 'view' } }), ['Review'], 'by name or variable');
  t.same(await filter({ filter: { data: 'Review, product' } }), ['Product', 'Review'], 'data: the older name of types');
  t.same(
    await filter({ filter: { types: 'Review,Product,ShopBanner', sites: `${siteId}` } }),
    ['ShopBanner'],
    'sites: the types of the sites listed, by identifier',
  );
  t.same(
    await filter({ filter: { types: 'Review,ShopBanner', sites: 'shop.example.com, SYSTEM_HOST' } }),
    ['Review', 'ShopBanner'],
    'by name, the system among them',
  );
  const page = await s.http('POST', '/api/v1/contenttype/_filter', {
    headers: admin,
    body: { filter: { types: 'Product,Review,Manual' }, page: 2, perPage: 1, orderBy: 'variable', direction: 'DESC' },
  });
  t.same(
    page.json.entity.map((x: { variable: string }) => x.variable),
    ['Product'],
  );
  t.match(page.json.pagination, { currentPage: 2, perPage: 1, totalEntries: 3 });
  for (const [body, errorCode] of [
    [{ filter: {}, orderBy: 'colour' }, 'HTTP_SORT_COLUMN_INVALID'],
    [{ filter: {}, direction: 'up' }, 'HTTP_SORT_DIRECTION_INVALID'],
    [{ filter: {}, page: -1 }, undefined],
    [{ filter: { baseType: 'POSTER' } }, 'CONTENT_TYPE_BASE_TYPE_UNKNOWN'],
    [{ filter: { site: 'nowhere.example.com' } }, 'CONTENT_TYPE_HOST_UNKNOWN'],
    [{ filter: { sites: 'SYSTEM_HOST,nowhere.example.com' } }, 'CONTENT_TYPE_HOST_UNKNOWN'],
    [
      { filter: { sites: Array.from({ length: 101 }, () => 'SYSTEM_HOST').join(',') } },
      'CONTENT_TYPE_FILTER_TOO_MANY_SITES',
    ],
    [{}, undefined],
  ] as const) {
    const r = await filter(body);
    t.equal(r.status, 400, JSON.stringify(body));
    if (errorCode) t.match(r.json.errors[0], { errorCode });
  }

  // Paging of the plain list: a value it cannot use is a 400, never a silent default.
  for (const query of [
    'page=0',
    'page=x',
    'per_page=0',
    'per_page=-5',
    'perPage=many',
    'orderby=colour',
    'direction=x',
  ]) {
    const r = await s.http('GET', `/api/v1/contenttype?${query}`, { headers: admin });
    t.equal(r.status, 400, query);
    t.match(r.json.message, query.split('=')[0]!, `${query}: the message names the member`);
  }

  const rendered = await s.http('GET', '/api/v1/contenttype/render/id/product?languageId=1', { headers: admin });
  t.equal(rendered.status, 200);
  t.same(
    rendered.json.entity,
    (await s.http('GET', '/api/v1/contenttype/id/Product', { headers: admin })).json.entity,
    'the type with its fields',
  );
  t.equal((await s.http('GET', '/api/v1/contenttype/render/id/Nope', { headers: admin })).status, 404);
  t.equal((await s.http('GET', '/api/v1/contenttype/render/id/Product?languageId=x', { headers: admin })).status, 400);

  const copy = await s.http('POST', '/api/v1/contenttype/Product/_copy', {
    headers: admin,
    body: { name: 'Product copy', variable: 'ProductCopy', icon: 'star' },
  });
  t.equal(copy.status, 200);
  const original = (await s.http('GET', '/api/v1/contenttype/id/Product', { headers: admin })).json.entity;
  t.match(copy.json.entity, { name: 'Product copy', variable: 'ProductCopy', icon: 'star', baseType: 'CONTENT' });
  t.same(
    copy.json.entity.fields.map((f: { variable: string; clazz: string; sortOrder: number }) => [
      f.variable,
      f.clazz,
      f.sortOrder,
    ]),
    original.fields.map((f: { variable: string; clazz: string; sortOrder: number }) => [
      f.variable,
      f.clazz,
      f.sortOrder,
    ]),
    'the same fields, in the same order',
  );
  t.notOk(
    copy.json.entity.fields.some((f: { id: string }) => original.fields.some((o: { id: string }) => o.id === f.id)),
    'with ids of their own',
  );
  // A base-type field the source changed is copied as changed, once.
  const manualFields = (await s.http('GET', '/api/v2/contenttype/Manual/fields', { headers: admin })).json.entity;
  const manualTitle = manualFields.find((f: { variable: string }) => f.variable === 'title');
  const changed = await s.http('PUT', `/api/v2/contenttype/Manual/fields/${manualTitle.id}`, {
    headers: admin,
    body: { ...manualTitle, hint: 'The manual as printed', required: true },
  });
  t.equal(changed.status, 200, changed.text);
  const fileCopy = await s.http('POST', '/api/v1/contenttype/Manual/_copy', {
    headers: admin,
    body: { name: 'Manual 2' },
  });
  t.equal(fileCopy.status, 200, 'a type with base-type fields copies');
  t.equal(fileCopy.json.entity.variable, 'manual2');
  const copiedVariables = fileCopy.json.entity.fields.map((f: { variable: string }) => f.variable);
  t.same(
    copiedVariables,
    manualFields.map((f: { variable: string }) => f.variable),
    'the same fields, none twice',
  );
  t.match(
    fileCopy.json.entity.fields.find((f: { variable: string }) => f.variable === 'title'),
    { hint: 'The manual as printed', required: true, fixed: true },
    "the source's settings of a base-type field",
  );
  t.equal(
    (
      await s.http('POST', '/api/v1/contenttype/Product/_copy', {
        headers: admin,
        body: { name: 'x', variable: 'Review' },
      })
    ).status,
    409,
    'a variable taken',
  );
  t.equal(
    (await s.http('POST', '/api/v1/contenttype/Nope/_copy', { headers: admin, body: { name: 'x' } })).status,
    404,
  );
  t.equal((await s.http('POST', '/api/v1/contenttype/Product/_copy', { headers: admin, body: {} })).status, 400);

  const { auth: reader } = await userWithNewRole(s);
  t.equal((await s.http('GET', '/api/v1/contenttype/basetypes', { headers: reader })).status, 200);
  t.equal(
    (await s.http('POST', '/api/v1/contenttype/Product/_copy', { headers: reader, body: { name: 'y' } })).status,
    403,
  );
  t.equal((await s.http('GET', '/api/v1/fieldTypes')).status, 401);
});
