import t from 'tap';
import { BASE_TYPE_IDS, seedBaseContentTypes } from '../../core/setup/seed-base-types.js';
import { SEED_IDS } from '../../core/setup/seed-installation.js';
import { createFolderOf, createFolders } from '../helpers/folders.js';
import { startTestApp, testOnSqlite, type TestApp } from '../helpers/test-app.js';

// Pages and files, and files served by their path on a site.
const dataUrl = (name: string, text: string, type = 'text/plain') =>
  `data:${type};name=${encodeURIComponent(name)};base64,${Buffer.from(text).toString('base64')}`;

/** Fires a system action; the folder the item is placed in is created first. */
async function fire(s: TestApp, verb: string, form: Record<string, unknown>) {
  await createFolderOf(s, form.hostFolder);
  return s.http('PUT', `/api/v1/workflow/actions/default/fire/${verb}`, {
    headers: s.basicAuth(),
    body: { contentletFormData: form },
  });
}

/** A file of the seeded File type, published unless `verb` says otherwise. */
async function newFile(s: TestApp, form: Record<string, unknown>, verb = 'PUBLISH') {
  const fired = await fire(s, verb, { contentType: 'FileAsset', hostFolder: 'default:/docs', ...form });
  if (fired.status !== 200) throw new Error(`${verb}: ${fired.text}`);
  return fired.json.entity as { identifier: string; inode: string; map: Record<string, any> };
}

t.test('new page and file types get the fixed fields of their base type', async (t) => {
  const s = (await startTestApp(t))!;
  const made = async (baseType: string, variable: string) =>
    (
      await s.http('POST', '/api/v1/contenttype', {
        headers: s.basicAuth(),
        body: { baseType, name: variable, variable },
      })
    ).json.entity[0].fields as Array<Record<string, any>>;
  const page = await made('HTMLPAGE', 'Landing');
  t.same(
    page.map((f) => f.variable),
    [
      'fields0',
      'fields1',
      'title',
      'url',
      'hostFolder',
      'template',
      'showOnMenu',
      'sortOrder',
      'cachettl',
      'friendlyName',
      'advancedtab',
      'fields11',
      'fields12',
      'redirecturl',
      'httpsreq',
      'seodescription',
      'seokeywords',
      'pagemetadata',
    ],
  );
  const byVar = (fields: Array<Record<string, any>>, variable: string) => fields.find((f) => f.variable === variable)!;
  t.match(byVar(page, 'template'), { clazz: /ImmutableCustomField$/, dataType: 'TEXT', required: false, fixed: true });
  t.match(byVar(page, 'showOnMenu'), { clazz: /ImmutableCheckboxField$/, values: '|true', defaultValue: 'false' });
  t.match(byVar(page, 'sortOrder'), { clazz: /ImmutableTextField$/, dataType: 'INTEGER', defaultValue: '0' });
  t.match(byVar(page, 'hostFolder'), { clazz: /ImmutableHostFolderField$/, name: 'Site or Folder', required: true });
  t.match(byVar(page, 'advancedtab'), { clazz: /ImmutableTabDividerField$/ });
  t.match(byVar(page, 'seodescription'), { clazz: /ImmutableTextAreaField$/, dataType: 'LONG_TEXT' });

  const file = await made('FILEASSET', 'Attachments');
  t.same(
    file.map((f) => f.variable),
    [
      'fields0',
      'fields1',
      'hostFolder',
      'fileAsset',
      'title',
      'fileName',
      'metadataTab',
      'fields7',
      'fields8',
      'metaData',
      'showOnMenu',
      'sortOrder',
      'description',
    ],
  );
  t.match(byVar(file, 'metaData'), { clazz: /ImmutableKeyValueField$/, readOnly: true, fixed: true });
  t.match(byVar(file, 'fileAsset'), { clazz: /ImmutableBinaryField$/, required: true });

  // sortOrder is a whole number; showOnMenu a flag whose `false` is an empty box.
  const bad = await s.http('PUT', '/api/v1/workflow/actions/default/fire/NEW', {
    headers: s.basicAuth(),
    body: {
      contentletFormData: { contentType: 'Landing', title: 'T', url: 'x', hostFolder: 'default', sortOrder: 'two' },
    },
  });
  t.equal(bad.status, 400);
  t.match(bad.json.errors, [{ errorCode: 'badType', fieldName: 'sortOrder' }]);
  const good = await fire(s, 'NEW', {
    contentType: 'Landing',
    title: 'T',
    url: 'x',
    hostFolder: 'default',
    sortOrder: '7',
    showOnMenu: 'false',
  });
  t.equal(good.status, 200, good.text);
  t.equal(good.json.entity.map.sortOrder, 7);
  t.notOk(good.json.entity.map.showOnMenu, 'not on the menu');
});

testOnSqlite('the default page and file types are seeded once, and an installer’s change stands', async (t, s) => {
  const admin = s.basicAuth();
  for (const [variable, id, baseType, name] of [
    ['FileAsset', BASE_TYPE_IDS.file, 'FILEASSET', 'File'],
    ['htmlpageasset', BASE_TYPE_IDS.page, 'HTMLPAGE', 'Page'],
  ] as const) {
    const type = await s.http('GET', `/api/v1/contenttype/id/${variable}`, { headers: admin });
    t.equal(type.status, 200, type.text);
    t.match(type.json.entity, { id, variable, baseType, name, host: 'SYSTEM_HOST' });
    t.match(type.json.entity.workflows, [{ id: 'd61a59e1-a49c-46f2-a929-db2b4bfa88b2' }]);
  }
  const renamed = await s.http('PUT', '/api/v1/contenttype/id/FileAsset', {
    headers: admin,
    body: { name: 'Uploads', clazz: 'FileAssetContentType' },
  });
  t.equal(renamed.status, 200, renamed.text);
  // What a restart does: the seed runs again.
  const storage = s.app.services.storage;
  const fields = s.app.services.fields;
  await seedBaseContentTypes(storage, (tx, type, inputs) => fields.createIn(tx, type, inputs));
  const again = await s.http('GET', '/api/v1/contenttype/id/FileAsset', { headers: admin });
  t.equal(again.json.entity.name, 'Uploads', 'the installer’s name stands');
  t.equal(again.json.entity.fields.length, 13, 'no field added twice');
  const listed = await s.http('GET', '/api/v1/contenttype?filter=htmlpageasset', { headers: admin });
  t.equal(listed.json.entity.filter((c: { variable: string }) => c.variable === 'htmlpageasset').length, 1);
});

t.test('a page is created and published through a fire with hostFolder and url; the map shows its path', async (t) => {
  const s = (await startTestApp(t))!;
  const published = await fire(s, 'PUBLISH', {
    contentType: 'htmlpageasset',
    hostFolder: 'default:/about-us',
    url: 'index',
    title: 'About us',
    friendlyName: 'About',
  });
  t.equal(published.status, 200, published.text);
  t.match(published.json.entity, { live: true });
  t.match(published.json.entity.map, {
    url: '/about-us/index',
    pageUrl: 'index',
    pageURI: '/about-us/index',
    path: '/about-us/index',
    mimeType: 'application/dotpage',
    baseType: 'HTMLPAGE',
    sortOrder: 0,
  });
  const twin = await fire(s, 'PUBLISH', {
    contentType: 'htmlpageasset',
    hostFolder: 'default:/about-us',
    url: 'index',
    title: 'Twin',
  });
  t.equal(twin.status, 409, 'one page per path');
  t.match(twin.json.errors, [{ errorCode: 'CONTENT_PATH_TAKEN' }]);
  const missing = await fire(s, 'PUBLISH', { contentType: 'htmlpageasset', title: 'No url', hostFolder: 'default' });
  t.match(missing.json.errors, [{ errorCode: 'required', fieldName: 'url' }]);
});

testOnSqlite('a file is served by its path on the site with its bytes and headers', async (t, s) => {
  const file = await newFile(s, { fileAsset: dataUrl('report.txt', 'quarterly figures') });
  t.match(file.map, {
    fileName: 'report.txt',
    title: 'report.txt',
    path: '/docs/report.txt',
    mimeType: 'text/plain',
    fileAsset: `/dA/${file.identifier}/fileAsset/report.txt`,
    fileAssetVersion: `/dA/${file.inode}/fileAsset/report.txt`,
    metaData: { contentType: 'text/plain', fileSize: '17' },
  });

  const got = await s.http('GET', '/docs/report.txt', { headers: s.basicAuth() });
  t.equal(got.status, 200, got.text);
  t.equal(got.text, 'quarterly figures');
  t.equal(got.headers.get('content-type'), 'text/plain');
  t.equal(got.headers.get('content-length'), '17');
  t.equal(got.headers.get('x-content-type-options'), 'nosniff');
  t.equal(got.headers.get('content-disposition'), `inline; filename="report.txt"; filename*=UTF-8''report.txt`);
  t.equal(got.headers.get('etag'), `"${file.inode}"`);
  t.ok(Date.parse(got.headers.get('last-modified') ?? ''), 'a Last-Modified date');

  const again = await s.http('GET', '/docs/report.txt', {
    headers: { ...s.basicAuth(), 'if-none-match': got.headers.get('etag')! },
  });
  t.equal(again.status, 304);
  t.equal(again.text, '');
  const head = await s.http('HEAD', '/docs/report.txt', { headers: s.basicAuth() });
  t.equal(head.status, 200);
  t.equal(head.headers.get('content-length'), '17');

  const short = await s.http('GET', `/dA/${file.identifier}`, { headers: s.basicAuth() });
  t.equal(short.text, 'quarterly figures', '/dA/ by identifier');
  const shorty = file.identifier.replace(/-/g, '').slice(0, 10);
  const byShorty = await s.http('GET', `/dA/${shorty}/fileAsset/whatever.txt`, { headers: s.basicAuth() });
  t.equal(byShorty.text, 'quarterly figures', '/dA/ by shorty, field and name');
  t.equal((await s.http('GET', `/dA/${file.identifier}/nosuchfield`, { headers: s.basicAuth() })).status, 404);
  t.equal((await s.http('GET', '/dA/0000000000', { headers: s.basicAuth() })).status, 404);

  const draft = await newFile(s, { fileAsset: dataUrl('draft.txt', 'not yet') }, 'NEW');
  t.ok(draft.identifier);
  const unpublished = await s.http('GET', '/docs/draft.txt', { headers: s.basicAuth() });
  t.equal(unpublished.status, 404, 'an unpublished file is not served');
  t.match(unpublished.json, { errors: [{ errorCode: 'FILE_NOT_FOUND' }], message: 'This URL does not exist' });
  t.equal((await s.http('GET', '/docs/nothing.txt', { headers: s.basicAuth() })).status, 404);
  t.equal((await s.http('GET', '/api/v1/nothing-here')).json.errors[0].errorCode, 'HTTP_ROUTE_NOT_FOUND');
  t.equal((await s.http('POST', '/docs/report.txt', { headers: s.basicAuth() })).status, 404, 'GET and HEAD only');
});

t.test('paths are look-up keys: traversal, encoded or not, finds nothing', async (t) => {
  const s = (await startTestApp(t))!;
  await newFile(s, { fileAsset: dataUrl('a.txt', 'A') });
  for (const path of [
    '/docs/../docs/a.txt',
    '/docs/%2e%2e/docs/a.txt',
    '/docs%2fa.txt',
    '/docs/./a.txt',
    '/docs//a.txt',
    '/docs/a.txt%00',
    '/../../etc/passwd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/docs/..%5ca.txt',
  ]) {
    const answer = await s.http('GET', path, { headers: s.basicAuth() });
    t.ok([400, 404].includes(answer.status), `${path}: ${answer.status}`);
    t.notMatch(answer.text, /root:/);
  }
  t.equal((await s.http('GET', '/docs/a.txt', { headers: s.basicAuth() })).text, 'A', 'the plain path works');
});

t.test(
  '/dA/ serves uploaded scripts, HTML, SVG and XML as downloads that can do nothing; images stay inline',
  async (t) => {
    const s = (await startTestApp(t))!;
    const active: ReadonlyArray<[string, string, string]> = [
      ['evil.js', 'window.ran = true', 'text/javascript'],
      ['evil.mjs', 'window.ran = true', 'text/javascript'],
      ['page.html', '<script>alert(1)</script>', 'text/html'],
      ['image.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml'],
      ['feed.xml', '<x/>', 'application/xml'],
    ];
    for (const [name, text, type] of active) {
      const file = await newFile(s, { fileAsset: dataUrl(name, text) });
      for (const path of [`/dA/${file.identifier}`, `/dA/${file.identifier}/fileAsset/${name}`]) {
        const got = await s.http('GET', path, { headers: s.basicAuth() });
        t.equal(got.status, 200, path);
        t.equal(got.headers.get('content-type'), type, `${name}: its type is kept, for the sites that include it`);
        t.match(got.headers.get('content-disposition'), /^attachment; filename=/, `${name}: a download`);
        t.equal(got.headers.get('content-security-policy'), "sandbox; default-src 'none'; frame-ancestors 'none'");
        t.equal(got.headers.get('x-content-type-options'), 'nosniff');
        t.equal(got.text, text, 'the bytes as uploaded');
      }
    }
    for (const [name, type] of [
      ['photo.png', 'image/png'],
      ['paper.pdf', 'application/pdf'],
      ['site.css', 'text/css'],
    ] as const) {
      const file = await newFile(s, { fileAsset: dataUrl(name, 'bytes') });
      const got = await s.http('GET', `/dA/${file.identifier}/fileAsset/${name}`, { headers: s.basicAuth() });
      t.equal(got.headers.get('content-type'), type);
      t.match(got.headers.get('content-disposition'), /^inline; filename=/, `${name} stays inline`);
      t.equal(got.headers.get('content-security-policy'), "frame-ancestors 'none'", `${name}: viewable`);
    }
    await newFile(s, { fileAsset: dataUrl('theme.js', 'window.theme = 1') });
    const byPath = await s.http('GET', '/docs/theme.js', { headers: s.basicAuth() });
    t.match(byPath.headers.get('content-disposition'), /^inline/, 'a site file by its path is the site’s own: inline');
  },
);

t.test('the Host header picks the site: its name, an alias, else the default site', async (t) => {
  const s = (await startTestApp(t))!;
  const site = await s.http('POST', '/api/v1/site', {
    headers: s.basicAuth(),
    body: { siteName: 'shop.example.com', aliases: 'www.shop.example.com\nshop.local' },
  });
  t.equal(site.status, 200, site.text);
  await newFile(s, { hostFolder: 'shop.example.com:/img', fileAsset: dataUrl('logo.svg', '<svg/>') });
  await newFile(s, { hostFolder: 'default:/img', fileAsset: dataUrl('logo.svg', 'default logo') });
  const get = (host: string) => s.http('GET', '/img/logo.svg', { headers: { ...s.basicAuth(), host } });
  t.equal((await get('shop.example.com')).text, '<svg/>', 'by name');
  t.equal((await get('shop.local:8080')).text, '<svg/>', 'by alias, port left out');
  t.equal((await get('WWW.SHOP.EXAMPLE.COM')).text, '<svg/>', 'case does not matter');
  const fallback = await get('unknown.example.org');
  t.equal(fallback.text, 'default logo', 'any other host: the default site');
  t.equal(fallback.headers.get('content-type'), 'image/svg+xml');
  t.match(fallback.headers.get('content-security-policy'), /sandbox/, 'never a script with the service origin');
});

t.test('language fall-through: language_id, else the default language', async (t) => {
  for (const fallThrough of ['true', 'false']) {
    const s = (await startTestApp(t, { env: { DEFAULT_FILE_TO_DEFAULT_LANGUAGE: fallThrough } }))!;
    const added = await s.http('POST', '/api/v2/languages', {
      headers: s.basicAuth(),
      body: { languageCode: 'es', countryCode: 'ES', language: 'Spanish', country: 'Spain' },
    });
    t.equal(added.status, 200, added.text);
    const spanish = added.json.entity.id as number;
    const english = await newFile(s, { fileAsset: dataUrl('menu.txt', 'english menu') });
    const inSpanish = await s.http('GET', `/docs/menu.txt?language_id=${spanish}`, { headers: s.basicAuth() });
    if (fallThrough === 'true') t.equal(inSpanish.text, 'english menu', 'falls through to the default language');
    else t.equal(inSpanish.status, 404, 'no fall-through when the property says false');
    const translated = await fire(s, 'PUBLISH', {
      contentType: 'FileAsset',
      identifier: english.identifier,
      languageId: spanish,
      hostFolder: 'default:/docs',
      fileAsset: dataUrl('menu.txt', 'menú en español'),
    });
    t.equal(translated.status, 200, translated.text);
    const now = await s.http('GET', `/docs/menu.txt?language_id=${spanish}`, { headers: s.basicAuth() });
    t.equal(now.text, 'menú en español', 'the language asked for, once it exists');
    t.equal((await s.http('GET', '/docs/menu.txt', { headers: s.basicAuth() })).text, 'english menu');
    t.equal((await s.http('GET', '/docs/menu.txt?language_id=x', { headers: s.basicAuth() })).status, 400);
  }
});

t.test('anonymous callers: the content read rules and READ for CMS Anonymous', async (t) => {
  const closed = (await startTestApp(t))!;
  await newFile(closed, { fileAsset: dataUrl('a.txt', 'A') });
  t.equal((await closed.http('GET', '/docs/a.txt')).status, 401, 'CONTENT_APIS_ALLOW_ANONYMOUS=NONE: sign in');

  const s = (await startTestApp(t, { env: { CONTENT_APIS_ALLOW_ANONYMOUS: 'READ' } }))!;
  const file = await newFile(s, { fileAsset: dataUrl('a.txt', 'A') });
  const open = await s.http('GET', '/docs/a.txt');
  t.equal(open.status, 200, 'CMS Anonymous reads what SYSTEM_HOST lets it');
  t.equal(open.headers.get('cache-control'), 'no-cache');
  const grant = (permissions: Array<{ roleId: string; permissions: string[] }>) =>
    s.http('PUT', `/api/v1/permissions/${file.identifier}`, { headers: s.basicAuth(), body: { permissions } });
  t.equal((await grant([{ roleId: SEED_IDS.ownerRole, permissions: ['READ'] }])).status, 200);
  t.equal((await s.http('GET', '/docs/a.txt')).status, 404, 'no READ for CMS Anonymous: as if not there');
  t.equal((await s.http('GET', `/dA/${file.identifier}`)).status, 404);
  t.equal((await s.http('GET', '/docs/a.txt', { headers: s.basicAuth() })).status, 200, 'an administrator reads it');
  t.equal((await grant([{ roleId: SEED_IDS.anonymousRole, permissions: ['READ'] }])).status, 200);
  t.equal((await s.http('GET', '/docs/a.txt')).text, 'A', 'READ granted to CMS Anonymous');
});

t.test('through a socket: one Content-Length, and HEAD sends no bytes', async (t) => {
  const s = (await startTestApp(t, { socket: true }))!;
  await newFile(s, { fileAsset: dataUrl('hello.txt', 'hello, world') });
  const got = await s.http('GET', '/docs/hello.txt', { headers: s.basicAuth() });
  t.equal(got.status, 200);
  t.equal(got.text, 'hello, world');
  t.equal(got.headers.get('content-length'), '12', 'the length once, not twice');
  const head = await s.http('HEAD', '/docs/hello.txt', { headers: s.basicAuth() });
  t.equal(head.status, 200);
  t.equal(head.headers.get('content-length'), '12');
  t.equal(head.text, '');
});

t.test('a large file streams through a socket whole, and a client leaving mid-way costs nothing', async (t) => {
  const s = (await startTestApp(t, { socket: true }))!;
  // 7 MiB of varied bytes: many times what one socket write takes, so the stream must wait for it.
  const bytes = Buffer.alloc(7 * 1024 * 1024);
  for (let i = 0; i < bytes.length; i += 4) bytes.writeUInt32LE((i * 2654435761) >>> 0, i);
  await createFolders(s, 'default', ['/big']);
  const saved = await s.app.inject({
    method: 'PUT',
    path: '/api/v1/workflow/actions/default/fire/PUBLISH',
    headers: { ...s.basicAuth(), 'content-type': 'application/json' },
    body: {
      contentletFormData: {
        contentType: 'FileAsset',
        hostFolder: 'default:/big',
        fileName: 'blob.bin',
        fileAsset: `data:application/octet-stream;name=blob.bin;base64,${bytes.toString('base64')}`,
      },
    },
  });
  t.equal(saved.status, 200, String(saved.body).slice(0, 300));
  const response = await fetch(`${s.url}/big/blob.bin`, { headers: s.basicAuth() });
  t.equal(response.status, 200);
  t.equal(response.headers.get('content-length'), String(bytes.length));
  t.equal(response.headers.get('content-type'), 'application/octet-stream');
  t.ok(Buffer.from(await response.arrayBuffer()).equals(bytes), 'every byte, in order');

  const leaving = new AbortController();
  const partial = await fetch(`${s.url}/big/blob.bin`, { headers: s.basicAuth(), signal: leaving.signal });
  const reader = partial.body!.getReader();
  await reader.read();
  leaving.abort();
  await reader.read().catch(() => undefined);
  const after = await fetch(`${s.url}/big/blob.bin`, { method: 'HEAD', headers: s.basicAuth() });
  t.equal(after.status, 200, 'the service goes on answering');
});

t.test('a restart on the same data seeds nothing twice; a file name is one path segment', async (t) => {
  const first = (await startTestApp(t))!;
  const before = await first.http('GET', '/api/v1/contenttype/id/htmlpageasset', { headers: first.basicAuth() });
  await first.app.close();
  const again = (await startTestApp(t, { dataDir: first.dataDir }))!;
  const after = await again.http('GET', '/api/v1/contenttype/id/htmlpageasset', { headers: again.basicAuth() });
  t.equal(after.status, 200);
  t.same(
    after.json.entity.fields.map((f: { id: string }) => f.id),
    before.json.entity.fields.map((f: { id: string }) => f.id),
    'the same fields, none added',
  );
  for (const fileName of ['a/b.txt', '..', 'a\\b.txt']) {
    const refused = await fire(again, 'PUBLISH', {
      contentType: 'FileAsset',
      hostFolder: 'default:/docs',
      fileName,
      fileAsset: dataUrl('x.txt', 'x'),
    });
    t.match(refused.json.errors, [{ errorCode: 'pattern', fieldName: 'fileName' }], fileName);
  }
});

t.test('only files a browser runs scripts in are sandboxed', async (t) => {
  const s = (await startTestApp(t))!;
  await newFile(s, { fileAsset: dataUrl('page.html', '<script>alert(1)</script>', 'text/html') });
  await newFile(s, { fileAsset: dataUrl('paper.pdf', '%PDF-1.4', 'application/pdf') });
  const html = await s.http('GET', '/docs/page.html', { headers: s.basicAuth() });
  t.equal(html.headers.get('content-type'), 'text/html');
  t.match(html.headers.get('content-security-policy'), /^sandbox/);
  const pdf = await s.http('GET', '/docs/paper.pdf', { headers: s.basicAuth() });
  t.equal(pdf.headers.get('content-type'), 'application/pdf');
  t.equal(pdf.headers.get('content-security-policy'), "frame-ancestors 'none'", 'a PDF stays viewable');
});
