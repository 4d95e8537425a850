import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { createFolders } from '../helpers/folders.js';
import { testOnSqlite, textContentType, type TestApp } from '../helpers/test-app.js';
import { form, itemMap, json, legacySave } from '../helpers/legacy-save.js';
import { multipartBody, MULTIPART_TYPE, type Part } from '../helpers/multipart-body.js';

// Field values, binaries and update semantics through the legacy content save.

const admin = (s: TestApp) => s.basicAuth();
const mp = (parts: Part[]) => ({ type: MULTIPART_TYPE, raw: multipartBody(parts) });

async function fields(s: TestApp, type: string, list: Array<Record<string, unknown>>) {
  const made = await s.http('POST', `/api/v2/contenttype/${type}/fields`, { headers: admin(s), body: list });
  if (made.status !== 200) throw new Error(made.text);
}

async function contentType(s: TestApp, variable: string, extra: Record<string, unknown> = {}) {
  const made = await s.http('POST', '/api/v1/contenttype', {
    headers: admin(s),
    body: { clazz: 'SimpleContentType', name: variable, variable, ...extra },
  });
  if (made.status !== 200) throw new Error(made.text);
  return made.json.entity[0].id as string;
}

testOnSqlite('every field-value format of the spec, sent as strings', async (t, s) => {
  await contentType(s, 'All');
  const topics = await s.http('POST', '/api/v1/categories', {
    headers: admin(s),
    body: { categoryName: 'Topics', key: 'topics' },
  });
  const sport = await s.http('POST', '/api/v1/categories', {
    headers: admin(s),
    body: { categoryName: 'Sport', key: 'SPO', parent: topics.json.entity.inode },
  });
  await createFolders(s, 'default', ['/images', '/news']);
  await s.http('POST', '/api/v1/contenttype', {
    headers: admin(s),
    body: { baseType: 'FILEASSET', name: 'Docs', variable: 'Docs' },
  });
  const logo = await legacySave(
    s,
    '/publish/1',
    mp([
      { name: 'json', value: JSON.stringify({ contentType: 'Docs', hostFolder: 'default:/images' }) },
      { name: 'file', value: Buffer.from('PNG!'), fileName: 'logo.png', type: 'image/png' },
    ]),
  );
  t.equal(logo.status, 200, `a file asset from one file part: ${logo.text}`);
  await fields(s, 'All', [
    { clazz: 'TextField', name: 'title', variable: 'title' },
    { clazz: 'CategoryField', name: 'topics', variable: 'topics' },
    { clazz: 'CheckboxField', name: 'flags', variable: 'flags', values: 'One|1\r\nTwo|2\r\nThree|3' },
    { clazz: 'MultiSelectField', name: 'multi', variable: 'multi', values: 'A|a\r\nB|b' },
    { clazz: 'RadioField', name: 'radio', variable: 'radio', values: 'Yes|y\r\nNo|n' },
    { clazz: 'SelectField', name: 'sel', variable: 'sel', values: 'Red|r\r\nBlue|b' },
    { clazz: 'DateField', name: 'day', variable: 'day' },
    { clazz: 'TimeField', name: 'time', variable: 'time' },
    { clazz: 'DateTimeField', name: 'when', variable: 'when' },
    { clazz: 'KeyValueField', name: 'kv', variable: 'kv' },
    { clazz: 'HostFolderField', name: 'place', variable: 'place' },
    { clazz: 'TagField', name: 'tags', variable: 'tags' },
    { clazz: 'TextAreaField', name: 'body', variable: 'body' },
    { clazz: 'WysiwygField', name: 'html', variable: 'html' },
    { clazz: 'ConstantField', name: 'k', variable: 'k', values: 'fixed' },
    { clazz: 'HiddenField', name: 'h', variable: 'h', values: 'hidden value' },
    { clazz: 'ImageField', name: 'pic', variable: 'pic' },
  ]);
  const values = {
    contentType: 'All',
    title: 'Every format',
    topics: `${sport.json.entity.inode}, topics`,
    flags: '1,3',
    multi: 'b',
    radio: 'n',
    sel: 'r',
    day: '03/15/2024',
    time: '02:30 PM',
    when: '2024-03-15 14:30:00',
    kv: '{"a":"1","b":"2"}',
    place: 'default:/news',
    tags: 'red, blue',
    body: 'line1%0D%0Aline2',
    html: '<p>x</p>',
    k: 'not this',
    pic: '//default/images/logo.png',
  };
  for (const [format, body] of [
    ['JSON', json(values)],
    ['url-encoded', form(values)],
  ] as const) {
    const saved = await legacySave(s, '/save/1', body);
    t.equal(saved.status, 200, `${format}: ${saved.text}`);
    t.match(
      await itemMap(s, saved.headers.get('identifier')!),
      {
        title: 'Every format',
        topics: [sport.json.entity.inode, topics.json.entity.inode],
        flags: '1,3',
        multi: 'b',
        radio: 'n',
        sel: 'r',
        day: Date.UTC(2024, 2, 15),
        time: (14 * 60 + 30) * 60_000,
        when: Date.UTC(2024, 2, 15, 14, 30),
        kv: { a: '1', b: '2' },
        tags: 'red,blue',
        body: 'line1\r\nline2',
        html: '<p>x</p>',
        k: 'fixed',
        h: 'hidden value',
        pic: logo.headers.get('identifier'),
      },
      format,
    );
  }
  for (const pattern of ['15-Mar-24', 'March 15, 2024', '3/15/24', 'Friday, March 15, 2024', '2024-03-15']) {
    const saved = await legacySave(s, '/save/1', json({ contentType: 'All', title: 'd', day: pattern }));
    t.equal((await itemMap(s, saved.headers.get('identifier')!)).day, Date.UTC(2024, 2, 15), `date as ${pattern}`);
  }
  const problems = await legacySave(
    s,
    '/save/1',
    json({
      contentType: 'All',
      title: 'bad',
      day: '2024-03-15 10:00',
      flags: '9',
      topics: 'nope',
      pic: '//default/x.png',
    }),
  );
  t.equal(problems.status, 400);
  t.same(
    problems.json.errors.map((e: { fieldName: string }) => e.fieldName).sort(),
    ['day', 'flags', 'pic', 'topics'],
    'every problem at once, by field',
  );
});

async function attachmentsType(s: TestApp) {
  await contentType(s, 'Att');
  await fields(s, 'Att', [
    { clazz: 'TextField', name: 'title', variable: 'title', required: true },
    { clazz: 'BinaryField', name: 'photo', variable: 'photo' },
    { clazz: 'BinaryField', name: 'thumb', variable: 'thumb' },
    { clazz: 'BinaryField', name: 'pdf', variable: 'pdf', required: true },
  ]);
}

const filePart = (fileName: string, text = fileName): Part => ({
  name: 'file',
  value: Buffer.from(text),
  fileName,
  type: 'application/octet-stream',
});

testOnSqlite('binaries: one file, several with binary_fields, and the count rule', async (t, s) => {
  await attachmentsType(s);
  const one = await legacySave(
    s,
    '/publish/1',
    mp([{ name: 'json', value: JSON.stringify({ contentType: 'Att', title: 'one' }) }, filePart('a.png')]),
  );
  t.equal(one.status, 400, 'one file goes to the first Binary field; the required pdf is then missing');
  t.same(
    one.json.errors.map((e: { errorCode: string; fieldName: string }) => [e.errorCode, e.fieldName]),
    [['required', 'pdf']],
  );

  const several = await legacySave(
    s,
    '/publish/1',
    mp([
      { name: 'json', value: JSON.stringify({ contentType: 'Att', title: 'two', binary_fields: 'pdf, photo' }) },
      filePart('report.pdf', 'PDF bytes'),
      filePart('p.png', 'PNG bytes'),
      { name: 'fileName', value: 'annual.pdf' },
    ]),
  );
  t.equal(several.status, 200, several.text);
  const map = await itemMap(s, several.headers.get('identifier')!);
  t.match(map.pdf, /\/pdf\/annual\.pdf$/, 'fileName names the first file');
  t.match(map.photo, /\/photo\/p\.png$/);
  const served = await s.http('GET', map.pdf, { headers: admin(s) });
  t.equal(served.text, 'PDF bytes', 'the file is in the field binary_fields gave it');
  t.equal(map.thumb ?? null, null, 'a Binary field left out of binary_fields gets nothing');

  for (const [what, listed, files] of [
    ['several files without binary_fields', undefined, 2],
    ['fewer names than files', 'pdf', 2],
    ['more names than files', 'pdf,photo,thumb', 2],
  ] as const) {
    const refused = await legacySave(
      s,
      '/save/1',
      mp([
        { name: 'json', value: JSON.stringify({ contentType: 'Att', title: 'x', binary_fields: listed }) },
        ...Array.from({ length: files }, (_, i) => filePart(`f${i}.bin`)),
      ]),
    );
    t.equal(refused.status, 400, what);
    t.match(refused.json.errors[0].errorCode, 'LEGACY_BINARY_FIELDS_MISMATCH', what);
  }
  const unknown = await legacySave(
    s,
    '/save/1',
    mp([
      { name: 'contentType', value: 'Att' },
      { name: 'title', value: 'x' },
      { name: 'binary_fields', value: 'title' },
      filePart('x.bin'),
    ]),
  );
  t.equal(unknown.status, 400);
  t.match(unknown.json.message, /title is not a Binary field of Att/);
});

testOnSqlite('uploaded names cannot leave the data directory', async (t, s) => {
  await attachmentsType(s);
  const names = [
    '../../../../etc/cron.d/evil',
    '..\\..\\win.ini',
    'a\u0000b.txt',
    'x..y.txt',
    `${'x'.repeat(600)}.txt`,
    '/abs/path.sh',
  ];
  for (const name of names) {
    const saved = await legacySave(
      s,
      '/save/1',
      mp([
        { name: 'json', value: JSON.stringify({ contentType: 'Att', title: 't', binary_fields: 'pdf' }) },
        filePart(name, 'payload'),
      ]),
    );
    t.equal(saved.status, 200, `${JSON.stringify(name).slice(0, 40)}: ${saved.text}`);
    // The map shows where the file is served: /dA/<identifier>/pdf/<stored name>.
    const url = (await itemMap(s, saved.headers.get('identifier')!)).pdf as string;
    const stored = decodeURIComponent(url.split('/').pop()!);
    t.match(url, /^\/dA\/[0-9a-f-]{36}\/pdf\/[^/]+$/);
    t.notMatch(stored, /[/\\]|\.\./, 'no separator, no ..');
    t.notOk(stored.includes('\u0000'), 'no NUL');
    t.ok(stored.length <= 200, 'length-limited');
  }
  const root = resolve(s.dataDir);
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((entry) => {
      const path = join(dir, entry);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  for (const path of walk(root))
    t.notOk(relative(root, path).startsWith('..'), 'every file is under the data directory');
});

testOnSqlite('updates: values not sent are removed, relationships are kept unless sent', async (t, s) => {
  await textContentType(s, 'Author', ['name']);
  await contentType(s, 'Book');
  await fields(s, 'Book', [
    { clazz: 'TextField', name: 'title', variable: 'title', required: true },
    { clazz: 'TextField', name: 'subtitle', variable: 'subtitle' },
    { clazz: 'TagField', name: 'tags', variable: 'tags' },
    { clazz: 'RelationshipField', name: 'authors', variable: 'authors', relationType: 'Author', values: '1' },
  ]);
  const author = async (name: string) =>
    (await legacySave(s, '/publish/1?indexPolicy=WAIT_FOR', json({ contentType: 'Author', name }))).headers.get(
      'identifier',
    )!;
  const jane = await author('Jane Austen');
  const john = await author('John Keats');

  const created = await legacySave(
    s,
    '/save/1',
    json({ contentType: 'Book', title: 'Emma', subtitle: 'A novel', tags: 'classic', authors: jane }),
  );
  t.equal(created.status, 200, created.text);
  const identifier = created.headers.get('identifier')!;
  t.same((await itemMap(s, identifier)).authors, [jane]);

  const updated = await legacySave(s, '/save/1', json({ contentType: 'Book', identifier, title: 'Emma (2nd ed.)' }));
  t.equal(updated.status, 200, updated.text);
  t.not(updated.headers.get('inode'), created.headers.get('inode'), 'a new version');
  t.equal(updated.headers.get('identifier'), identifier);
  const after = await itemMap(s, identifier);
  t.equal(after.title, 'Emma (2nd ed.)');
  t.equal(after.subtitle ?? null, null, 'a field not sent is removed');
  t.equal(after.tags ?? null, null);
  t.same(after.authors, [jane], 'the relationship not sent is kept (updating by identifier)');

  await legacySave(s, '/save/1', json({ identifier, title: 'Emma', authors: john }));
  t.same((await itemMap(s, identifier)).authors, [john], 'a relationship value replaces; contentType may be left out');
  await legacySave(s, '/save/1', json({ identifier, title: 'Emma', authors: '+Author.name:jane*' }));
  t.same((await itemMap(s, identifier)).authors, [jane], 'a Lucene query');
  await legacySave(s, '/save/1', json({ identifier, title: 'Emma', authors: '' }));
  const emptied = await itemMap(s, identifier);
  t.equal(emptied.authors, undefined, 'an empty string removes them all');
  t.ok(emptied.nullProperties.includes('authors'));

  // The deprecated form: keyed by the relationship name, one query per related item, each matching one.
  const legacy = await legacySave(
    s,
    '/save/1',
    form({ identifier, title: 'Emma', 'Book-Author': '+Author.name:john*' }),
  );
  t.equal(legacy.status, 200, legacy.text);
  t.same((await itemMap(s, identifier)).authors, [john]);
  const two = await legacySave(s, '/save/1', {
    type: 'application/x-www-form-urlencoded',
    raw: `identifier=${identifier}&title=E&Book.authors=%2BAuthor.name%3Ajane*&Book.authors=%2BAuthor.name%3Ajohn*`,
  });
  t.equal(two.status, 200, two.text);
  t.same([...(await itemMap(s, identifier)).authors].sort(), [jane, john].sort(), 'one entry per related item');
  const many = await legacySave(
    s,
    '/save/1',
    json({ identifier, title: 'E', subtitle: 'kept?', authors: 'not-an-item', 'Book-Author': '+contentType:Author' }),
  );
  t.equal(many.status, 400, 'a query matching two items');
  t.same(
    many.json.errors.map((e: { errorCode: string; fieldName: string }) => [e.errorCode, e.fieldName]),
    [
      ['badType', 'authors'],
      ['LEGACY_RELATIONSHIP_NOT_ONE', 'Book-Author'],
    ],
    'listed with the problems of the fields',
  );
  t.match(many.json.message, /must match exactly one item; it matched 2/);
  t.equal((await itemMap(s, identifier)).subtitle, undefined, 'nothing saved');
  const none = await legacySave(s, '/save/1', json({ identifier, title: 'E', 'Book-Author': '+Author.name:nobody' }));
  t.equal(none.status, 400, 'a query matching nothing');
});
