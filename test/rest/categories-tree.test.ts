import { MULTIPART_TYPE, multipartBody } from '../helpers/multipart-body.js';
import { testOnEachStorage, testOnSqlite, type TestApp } from '../helpers/test-app.js';

// The category tree on the original's paths: children, hierarchy, update, sort, delete, CSV out and in.

async function ok(s: TestApp, method: string, path: string, body?: unknown) {
  const answer = await s.http(method, path, { headers: s.basicAuth(), body });
  if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`);
  return answer.json;
}

/** Top > (Fruit > (Apple, Banana), Vegetables); Other at the top level too. */
async function tree(s: TestApp) {
  const make = async (categoryName: string, key: string, parent?: string, sortOrder = 0) =>
    (await ok(s, 'POST', '/api/v1/categories', { categoryName, key, parent, sortOrder })).entity.inode as string;
  const top = await make('Top', 'top');
  const fruit = await make('Fruit', 'fruit', top, 1);
  const vegetables = await make('Vegetables', 'vegetables', top, 2);
  const apple = await make('Apple', 'apple', fruit, 2);
  const banana = await make('Banana', 'banana', fruit, 1);
  const other = await make('Other', 'other', undefined, 5);
  return { top, fruit, vegetables, apple, banana, other };
}

const names = (items: Array<{ categoryName: string }>) => items.map((c) => c.categoryName);

testOnEachStorage('a category tree is listed, changed, sorted and deleted with what is under it', async (t, s) => {
  const c = await tree(s);
  const children = await ok(s, 'GET', `/api/v1/categories/children?inode=${c.top}&showChildrenCount=true`);
  t.same(names(children.entity), ['Fruit', 'Vegetables']);
  t.same(
    children.entity.map((x: { childrenCount: number }) => x.childrenCount),
    [2, 0],
  );
  t.match(children.pagination, { totalEntries: 2 });
  const deep = await ok(
    s,
    'GET',
    `/api/v1/categories/children?inode=${c.top}&allLevels=true&parentList=true&filter=AN`,
  );
  t.same(names(deep.entity), ['Banana'], 'every level, filtered by name ignoring case');
  t.same(
    deep.entity[0].parentList.map((p: { key: string }) => p.key),
    ['top', 'fruit'],
    'parents from the top level down',
  );

  const top = await ok(s, 'GET', '/api/v1/categories?filter=&page=0&per_page=1&orderby=category_name&direction=DESC');
  t.same(names(top.entity), ['Top'], 'the first page (0 as the original clients send it), by name descending');
  t.match(top.pagination, { currentPage: 1, perPage: 1, totalEntries: 2 });
  t.same(names((await ok(s, 'GET', '/api/v1/categories?filter=oth&showChildrenCount=true')).entity), ['Other']);

  const hierarchy = await ok(s, 'POST', '/api/v1/categories/hierarchy', { keys: ['apple', 'nothing', 'other'] });
  t.same(hierarchy.entity, [
    {
      inode: c.apple,
      key: 'apple',
      name: 'Apple',
      parentList: [
        { inode: c.top, key: 'top', name: 'Top' },
        { inode: c.fruit, key: 'fruit', name: 'Fruit' },
      ],
    },
    { inode: c.other, key: 'other', name: 'Other', parentList: [] },
  ]);

  const moved = await ok(s, 'PUT', '/api/v1/categories', {
    inode: c.banana,
    categoryName: 'Plantain',
    key: 'plantain',
    parent: c.vegetables,
  });
  t.match(moved.entity, { inode: c.banana, categoryName: 'Plantain', key: 'plantain', parent: c.vegetables });
  t.same(names((await ok(s, 'GET', `/api/v1/categories/children?inode=${c.vegetables}`)).entity), ['Plantain']);
  t.match((await ok(s, 'GET', '/api/v1/categories/plantain?showChildrenCount=true')).entity, {
    inode: c.banana,
    childrenCount: 0,
  });

  const sorted = await ok(s, 'PUT', '/api/v1/categories/_sort', {
    categoryData: { [c.fruit]: 9, [c.vegetables]: 3 },
    parentInode: c.top,
  });
  t.same(names(sorted.entity), ['Vegetables', 'Fruit'], 'the level answered in its new order');

  const deleted = await s.http('DELETE', '/api/v1/categories', { headers: s.basicAuth(), body: [c.top, 'no-such'] });
  t.equal(deleted.status, 200, deleted.text);
  t.same(deleted.json.entity, {
    successCount: 1,
    skippedCount: 0,
    fails: [{ element: 'no-such', errorMessage: 'Category does not exist or failed to remove child category' }],
  });
  for (const inode of [c.top, c.fruit, c.apple, c.banana]) {
    t.equal((await s.http('GET', `/api/v1/categories/${inode}`, { headers: s.basicAuth() })).status, 404);
  }
  t.same(names((await ok(s, 'GET', '/api/v1/categories')).entity), ['Other'], 'the rest stays');
});

testOnSqlite('categories are exported and imported as CSV, merged or replaced, all or nothing', async (t, s) => {
  const c = await tree(s);
  const exported = await s.http('GET', `/api/v1/categories/_export?contextInode=${c.fruit}`, {
    headers: s.basicAuth(),
  });
  t.equal(exported.status, 200);
  t.match(exported.headers.get('content-type'), /^text\/csv/);
  t.match(exported.headers.get('content-disposition'), /attachment; filename="categories_.*\.csv"/);
  t.equal(
    exported.text,
    '"name","key","variable","sort"\r\n"Banana","banana","banana",1\r\n"Apple","apple","apple",2\r\n',
  );
  const none = await s.http('GET', `/api/v1/categories/_export?contextInode=${c.apple}`, { headers: s.basicAuth() });
  t.equal(none.text, 'There are no Categories to show\r\n');

  const importing = (fields: Record<string, string>, file?: string) =>
    s.http('POST', '/api/v1/categories/_import', {
      headers: { ...s.basicAuth(), 'content-type': MULTIPART_TYPE },
      raw: multipartBody([
        ...Object.entries(fields).map(([name, value]) => ({ name, value })),
        ...(file === undefined ? [] : [{ name: 'file', value: file, fileName: 'categories.csv', type: 'text/csv' }]),
      ]),
    });
  const merged = await importing(
    { exportType: 'merge', contextInode: c.fruit },
    '"name","key","variable","sort"\r\n"Green apple","apple","apple",7\r\n"Cherry, red","cherry","",3\n"Say ""hi""",,,4\n',
  );
  t.equal(merged.status, 200, merged.text);
  t.same(merged.json.entity, { successCount: 3, skippedCount: 0, fails: [] });
  const fruit = (await ok(s, 'GET', `/api/v1/categories/children?inode=${c.fruit}&orderby=category_name`)).entity;
  t.same(names(fruit), ['Banana', 'Cherry, red', 'Green apple', 'Say "hi"'], 'updated by key, the rest added');
  t.match(
    fruit.find((x: { key: string }) => x.key === 'cherry'),
    { categoryVelocityVarName: 'cherryRed', sortOrder: 3 },
    'a variable made from the name when none is sent',
  );

  const replaced = await importing({ exportType: 'replace', contextInode: c.fruit }, 'Kiwi,kiwi,kiwi,1\n');
  t.equal(replaced.status, 200, replaced.text);
  t.same(names((await ok(s, 'GET', `/api/v1/categories/children?inode=${c.fruit}`)).entity), ['Kiwi']);

  const before = (await ok(s, 'GET', `/api/v1/categories/children?inode=${c.fruit}`)).entity;
  const bad = await importing({ exportType: 'merge', contextInode: c.fruit }, 'Fig,fig,fig,1\n"Unclosed,x,y,2\n');
  t.equal(bad.status, 400);
  t.equal(bad.json.errors[0].errorCode, 'CATEGORY_IMPORT_ROW_INVALID');
  t.same((await ok(s, 'GET', `/api/v1/categories/children?inode=${c.fruit}`)).entity, before, 'nothing imported');
  const badSort = await importing({ exportType: 'merge' }, 'Fig,fig,fig,first\n');
  t.match(badSort.json, { errors: [{ errorCode: 'CATEGORY_IMPORT_ROW_INVALID' }], message: /Line 1 of the file/ });
  t.equal((await importing({ exportType: 'merge' })).json.errors[0].errorCode, 'CATEGORY_IMPORT_FILE_REQUIRED');
  t.equal((await importing({ exportType: 'add' }, 'x\n')).json.errors[0].errorCode, 'CATEGORY_IMPORT_TYPE_INVALID');
});

testOnSqlite(
  'category refusals: missing inodes, loops, unknown sorts, and callers who are not administrators',
  async (t, s) => {
    const c = await tree(s);
    const outcome = async (method: string, path: string, body?: unknown, headers = s.basicAuth()) => {
      const answer = await s.http(method, path, { headers, body });
      return { status: answer.status, code: answer.json?.errors?.[0]?.errorCode, message: answer.json?.message };
    };
    t.same(await outcome('GET', '/api/v1/categories/children'), {
      status: 400,
      code: 'CATEGORY_INODE_REQUIRED',
      message: 'The inode is required',
    });
    t.match(await outcome('GET', '/api/v1/categories/children?inode=nothing'), { status: 404 });
    t.match(await outcome('PUT', '/api/v1/categories', { categoryName: 'x' }), {
      status: 400,
      code: 'CATEGORY_INODE_REQUIRED',
    });
    t.match(await outcome('PUT', '/api/v1/categories', { inode: 'nothing', categoryName: 'x' }), { status: 404 });
    t.match(await outcome('PUT', '/api/v1/categories', { inode: c.top, parent: c.apple }), {
      status: 400,
      code: 'CATEGORY_CYCLE',
    });
    t.match(await outcome('PUT', '/api/v1/categories', { inode: c.top, parent: c.top }), { code: 'CATEGORY_CYCLE' });
    t.match(await outcome('PUT', '/api/v1/categories', { inode: c.apple, key: 'banana' }), { status: 409 });
    t.same(await outcome('PUT', '/api/v1/categories/_sort', { categoryData: { [c.fruit]: 4, nothing: 1 } }), {
      status: 400,
      code: 'CATEGORY_SORT_UNKNOWN',
      message: 'Category with Id: nothing does not exist',
    });
    t.equal(
      (await ok(s, 'GET', `/api/v1/categories/fruit`)).entity.sortOrder,
      1,
      'a sort naming an unknown category changes nothing',
    );
    t.match(await outcome('PUT', '/api/v1/categories/_sort', { categoryData: {} }), { code: 'CATEGORY_SORT_EMPTY' });
    t.match(await outcome('DELETE', '/api/v1/categories', []), { status: 400, code: 'CATEGORY_DELETE_EMPTY' });

    const made = await s.http('POST', '/api/v1/users', {
      headers: s.basicAuth(),
      body: { email: 'reader@x.com', firstName: 'R', lastName: 'R', password: 'a-long-user-password-1' },
    });
    t.equal(made.status, 200);
    const reader = s.basicAuth('reader@x.com', 'a-long-user-password-1');
    t.equal((await outcome('GET', `/api/v1/categories/children?inode=${c.top}`, undefined, reader)).status, 200);
    t.equal((await outcome('PUT', '/api/v1/categories', { inode: c.top, categoryName: 'x' }, reader)).status, 403);
    t.equal((await outcome('DELETE', '/api/v1/categories', [c.top], reader)).status, 403);
    t.equal((await outcome('PUT', '/api/v1/categories/_sort', { categoryData: { [c.top]: 1 } }, reader)).status, 403);
  },
);
