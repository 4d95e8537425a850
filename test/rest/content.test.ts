import t from 'tap';
import { ContentService, setFieldValue } from '../../core/content/content-service.js';
import { CmsError } from '../../core/errors/index.js';
import type { Storage } from '../../core/plugin/storage/index.js';
import { startTestApp, testOnSqlite, type TestApp } from '../helpers/test-app.js';
import { createFolders } from '../helpers/folders.js';

const TEXT = 'com.cms.contenttype.model.field.ImmutableTextField';
const DATE = 'com.cms.contenttype.model.field.ImmutableDateField';

async function setUp(s: TestApp) {
  const admin = s.basicAuth();
  await s.http('POST', '/api/v1/contenttype', {
    headers: admin,
    body: { clazz: 'SimpleContentType', name: 'Article', variable: 'Article' },
  });
  await s.http('POST', '/api/v2/contenttype/Article/fields', {
    headers: admin,
    body: [
      { clazz: TEXT, name: 'Headline', variable: 'headline', required: true },
      { clazz: TEXT, name: 'Slug', variable: 'slug', unique: true, regexCheck: '^[a-z0-9-]+$' },
      { clazz: DATE, name: 'Published', variable: 'published' },
    ],
  });
  await s.http('POST', '/api/v2/languages', {
    headers: admin,
    body: { languageCode: 'es', countryCode: 'ES', language: 'Spanish', country: 'Spain' },
  });
  const { storage, content } = s.app.services;
  return { admin, storage, content };
}

function save(
  storage: Storage,
  content: ContentService,
  values: Record<string, unknown>,
  extra: { identifier?: string; languageId?: number; replaceAll?: boolean } = {},
) {
  return storage.transaction((tx) =>
    content.saveWorkingVersion(
      tx,
      { contentType: 'Article', identifier: extra.identifier, languageId: extra.languageId, values },
      { userId: 'cms.org.1', replaceAll: extra.replaceAll },
    ),
  );
}

testOnSqlite(
  'versioned content',
  async (t, s) => {
    const { admin, storage: db, content } = await setUp(s);

    const first = await save(db, content, {
      headline: 'Hello',
      slug: 'hello',
      published: '2024-05-01',
      colour: 'blue',
    });
    t.same(first.messages, ['Unknown field colour was ignored'], 'unknown members are listed, not stored');
    const id = first.contentlet.identifier.identifier;
    t.equal(first.contentlet.version.title, 'Hello', 'title from the first text field');
    t.equal(first.contentlet.state.liveInode, null);

    const working = await s.http('GET', `/api/v1/content/${id}`, { headers: admin });
    t.equal(working.status, 200);
    t.match(working.json.entity, {
      identifier: id,
      inode: first.contentlet.version.inode,
      type: 'contentlet',
      languageId: 1,
      live: false,
      archived: false,
      locked: false,
      indexPolicy: 'DEFER',
      map: {
        identifier: id,
        headline: 'Hello',
        slug: 'hello',
        title: 'Hello',
        languageId: 1,
        contentType: 'Article',
        stInode: String,
      },
      contentType: { variable: 'Article' },
    });
    t.equal(working.json.entity.map.published, Date.UTC(2024, 4, 1));
    t.notOk('colour' in working.json.entity.map);

    t.equal(
      (await s.http('GET', `/api/content/id/${id}`, { headers: admin })).status,
      404,
      'the legacy interface reads live versions by default',
    );
    t.equal((await s.http('GET', `/api/content/id/${id}`)).status, 404, 'anonymous readers see live content only');
    const legacyWorking = await s.http('GET', `/api/content/id/${id}?live=false`, { headers: admin });
    t.match(legacyWorking.json, { contentlets: [{ identifier: id, headline: 'Hello' }] });

    await db.transaction((tx) => content.publish(tx, id, 1));
    const live = await s.http('GET', `/api/content/id/${id}`);
    t.match(live.json.contentlets[0], { identifier: id, headline: 'Hello', live: true });
    t.equal((await s.http('GET', `/api/content/id/${id}/live/true`)).status, 200, 'options as path segments');

    const second = await save(db, content, { headline: 'Hello again' }, { identifier: id });
    t.equal(second.contentlet.version.values.slug, 'hello', 'fields not sent keep their value');
    t.not(second.contentlet.version.inode, first.contentlet.version.inode, 'a new inode per version');
    t.equal(
      (await s.http('GET', `/api/content/id/${id}`)).json.contentlets[0].headline,
      'Hello',
      'the live version is unchanged',
    );
    t.equal((await s.http('GET', `/api/v1/content/${id}`, { headers: admin })).json.entity.map.headline, 'Hello again');
    t.equal(
      (await s.http('GET', `/api/content/inode/${first.contentlet.version.inode}`)).json.contentlets[0].headline,
      'Hello',
      'a version by inode',
    );
    t.equal(
      (await s.http('GET', `/api/content/inode/${second.contentlet.version.inode}`)).status,
      404,
      'anonymous: only the live inode',
    );
    t.equal(
      (await s.http('GET', `/api/content/inode/${second.contentlet.version.inode}`, { headers: admin })).json
        .contentlets[0].headline,
      'Hello again',
    );

    const spanish = await save(db, content, { headline: 'Hola', slug: 'hola' }, { identifier: id, languageId: 2 });
    t.equal(spanish.contentlet.identifier.identifier, id, 'one identifier across languages');
    t.equal(
      (await s.http('GET', `/api/v1/content/${id}?language=2`, { headers: admin })).json.entity.map.headline,
      'Hola',
    );
    t.equal((await s.http('GET', `/api/v1/content/${id}?language=7`, { headers: admin })).status, 404);
    await t.rejects(save(db, content, { headline: 'x' }, { languageId: 9 }), {
      message: 'The provided languageId does not exist',
    });

    const invalid = await save(db, content, { slug: 'Hello', published: 'yesterday-ish' }).catch((e: unknown) => e);
    t.type(invalid, CmsError);
    t.equal((invalid as CmsError).kind, 'invalid');
    t.same(
      (invalid as CmsError).details.map((d) => [d.errorCode, d.fieldName]).sort(),
      [
        ['badType', 'published'],
        ['pattern', 'slug'],
        ['required', 'headline'],
      ],
      'every problem at once',
    );
    const duplicate = await save(db, content, { headline: 'Other', slug: 'hello' }).catch((e: unknown) => e);
    t.same(
      (duplicate as CmsError).details.map((d) => [d.errorCode, d.fieldName]),
      [['unique', 'slug']],
    );
    await t.rejects(
      db.transaction((tx) =>
        content.saveWorkingVersion(tx, { contentType: 'NoSuchType', values: {} }, { userId: 'u' }),
      ),
      { name: 'CmsError', kind: 'not_found' },
    );

    const draft = await db.transaction((tx) =>
      content.saveDraft(tx, setFieldValue({ contentType: 'Article', values: {} }, 'slug', 'draft-1'), {
        userId: 'cms.org.1',
      }),
    );
    t.equal(
      draft.contentlet.version.values.slug,
      'draft-1',
      'a draft may miss required values; setFieldValue sets one',
    );
    await t.rejects(
      db.transaction((tx) =>
        content.saveDraft(tx, { contentType: 'Article', values: { slug: 'Bad Slug' } }, { userId: 'u' }),
      ),
      { name: 'CmsError', kind: 'invalid' },
      'other checks still apply to drafts',
    );

    const replaced = await save(db, content, { headline: 'Only headline' }, { identifier: id, replaceAll: true });
    t.equal(replaced.contentlet.version.values.slug, null, 'legacy update semantics: fields not sent are removed');

    await db.transaction((tx) => content.lock(tx, id, 1, 'someone-else'));
    await t.rejects(
      save(db, content, { headline: 'x' }, { identifier: id }),
      { name: 'CmsError', kind: 'conflict' },
      'locked by another user',
    );
    t.equal((await s.http('GET', `/api/v1/content/${id}`, { headers: admin })).json.entity.locked, true);
    await db.transaction((tx) => content.unlock(tx, id, 1));

    await db.transaction((tx) => content.archive(tx, id, 1));
    t.equal((await s.http('GET', `/api/content/id/${id}`)).status, 404, 'archived content is not live');
    await t.rejects(save(db, content, { headline: 'x' }, { identifier: id }), {
      message: /Archived content cannot be edited/,
    });
    await t.rejects(
      db.transaction((tx) => content.publish(tx, id, 1)),
      { name: 'CmsError', kind: 'invalid' },
    );
    await db.transaction((tx) => content.unarchive(tx, id, 1));

    const copy = await db.transaction((tx) => content.copy(tx, id, 1, 'cms.org.1'));
    t.not(copy.contentlet.identifier.identifier, id);
    t.equal(copy.contentlet.version.values.headline, 'Only headline');

    await t.rejects(
      db.transaction(async (tx) => {
        await content.publish(tx, copy.contentlet.identifier.identifier, 1);
        throw new Error('fire failed');
      }),
      /fire failed/,
    );
    t.equal(
      (await s.http('GET', `/api/v1/content/${copy.contentlet.identifier.identifier}`, { headers: admin })).json.entity
        .live,
      false,
      'a rolled-back transaction changes nothing',
    );

    await db.transaction((tx) => content.delete(tx, id, 2));
    t.equal(
      (await s.http('GET', `/api/v1/content/${id}?language=2`, { headers: admin })).status,
      404,
      'one language removed',
    );
    t.equal((await s.http('GET', `/api/v1/content/${id}`, { headers: admin })).status, 200, 'the other remains');
    await db.transaction((tx) => content.destroy(tx, id));
    t.equal((await s.http('GET', `/api/v1/content/${id}`, { headers: admin })).status, 404, 'destroyed');
    const reuse = await save(db, content, { headline: 'Reuse', slug: 'hello' });
    t.ok(reuse.contentlet.identifier.identifier, 'the unique value was released by destroy');
  },
  { env: { CONTENT_APIS_ALLOW_ANONYMOUS: 'READ' } },
);

t.test('files are placed by their folder and named by their file; Image fields find them by host path', async (t) => {
  const s = (await startTestApp(t))!;
  const { admin, storage: db, content } = await setUp(s);
  const fileType = await s.http('POST', '/api/v1/contenttype', {
    headers: admin,
    body: { baseType: 'FILEASSET', name: 'Images', variable: 'Images' },
  });
  t.same(
    fileType.json.entity[0].fields.map((f: { variable: string }) => f.variable),
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
    'a file type comes with its fixed fields',
  );
  const png = `data:image/png;name=../../etc/evil name.png;base64,${Buffer.from('not really a png').toString('base64')}`;
  await createFolders(s, 'default', ['/images']);
  const saveFile = (values: Record<string, unknown>) =>
    db.transaction((tx) => content.saveWorkingVersion(tx, { contentType: 'Images', values }, { userId: 'cms.org.1' }));
  const file = await saveFile({ hostFolder: 'default:/images', fileAsset: png, fileName: 'logo.png' });
  t.match(file.contentlet.identifier, {
    parentPath: '/images',
    assetName: 'logo.png',
    host: '8a7d5e23-da1e-420a-b4f0-471e7da8ea2d',
  });
  const stored = file.contentlet.version.values.fileAsset as { path: string; name: string };
  t.equal(stored.name, 'evil_name.png', 'the uploaded name is sanitised');
  t.match(stored.path, /^assets\/[0-9a-f-]+\/evil_name\.png$/, 'stored under the data directory');

  const taken = await saveFile({ hostFolder: 'default:/images', fileAsset: png, fileName: 'logo.png' }).catch(
    (e: unknown) => e,
  );
  t.same(
    (taken as CmsError).details.map((d) => [d.errorCode, d.fieldName]),
    [['CONTENT_PATH_TAKEN', 'fileName']],
    'one file per path',
  );
  t.equal((taken as CmsError).kind, 'conflict');

  await s.http('POST', '/api/v2/contenttype/Article/fields', {
    headers: admin,
    body: [{ clazz: 'ImageField', name: 'Picture', variable: 'picture' }],
  });
  const withImage = await save(db, content, {
    headline: 'Pictured',
    slug: 'pictured',
    picture: '//default/images/logo.png',
  });
  t.equal(withImage.contentlet.version.values.picture, file.contentlet.identifier.identifier, 'resolved by host path');
  await t.rejects(save(db, content, { headline: 'x', slug: 'x', picture: '//default/images/missing.png' }), {
    name: 'CmsError',
    kind: 'invalid',
  });
});

t.test(
  'categories: a minimal store, and Category fields match inode, then key, then variable; defaults fill absent values',
  async (t) => {
    const s = (await startTestApp(t))!;
    const { admin, storage: db, content } = await setUp(s);
    const top = await s.http('POST', '/api/v1/categories', {
      headers: admin,
      body: { categoryName: 'Topics', key: 'topics' },
    });
    t.equal(top.status, 200);
    t.match(top.json.entity, {
      inode: String,
      categoryName: 'Topics',
      key: 'topics',
      categoryVelocityVarName: 'topics',
      parent: null,
    });
    const sport = await s.http('POST', '/api/v1/categories', {
      headers: admin,
      body: { categoryName: 'Sport News', parent: top.json.entity.inode },
    });
    const music = await s.http('POST', '/api/v1/categories', {
      headers: admin,
      body: { categoryName: 'Music', key: 'MUS', parent: top.json.entity.inode },
    });
    t.equal(sport.json.entity.categoryVelocityVarName, 'sportNews');
    t.equal(
      (await s.http('POST', '/api/v1/categories', { headers: admin, body: { categoryName: 'x', parent: 'nope' } }))
        .status,
      400,
    );
    t.equal(
      (await s.http('POST', '/api/v1/categories', { headers: admin, body: { categoryName: 'Again', key: 'topics' } }))
        .status,
      409,
    );
    t.same(
      (await s.http('GET', `/api/v1/categories?parent=${top.json.entity.inode}`, { headers: admin })).json.entity.map(
        (c: { categoryName: string }) => c.categoryName,
      ),
      ['Music', 'Sport News'],
    );
    t.same(
      (await s.http('GET', '/api/v1/categories', { headers: admin })).json.entity.map(
        (c: { categoryName: string }) => c.categoryName,
      ),
      ['Topics'],
    );

    await s.http('POST', '/api/v2/contenttype/Article/fields', {
      headers: admin,
      body: [
        { clazz: 'CategoryField', name: 'Topics', variable: 'topics' },
        { clazz: 'TextField', name: 'Byline', variable: 'byline', defaultValue: 'Staff' },
      ],
    });
    const saved = await save(db, content, {
      headline: 'Filed',
      slug: 'filed',
      topics: `${sport.json.entity.inode},MUS,topics`,
    });
    t.same(
      saved.contentlet.version.values.topics,
      [sport.json.entity.inode, music.json.entity.inode, top.json.entity.inode],
      'inode, key, variable',
    );
    t.equal(saved.contentlet.version.values.byline, 'Staff', 'the default value fills an absent field');
    const unknown = await save(db, content, { headline: 'x', slug: 'x2', topics: 'nothing-like-this' }).catch(
      (e: unknown) => e,
    );
    t.same(
      (unknown as CmsError).details.map((d) => [d.errorCode, d.fieldName]),
      [['badType', 'topics']],
    );
  },
);

t.test('anonymous reading is off unless CONTENT_APIS_ALLOW_ANONYMOUS allows it', async (t) => {
  const s = (await startTestApp(t))!;
  const { storage: db, content } = await setUp(s);
  const saved = await save(db, content, { headline: 'Hi', slug: 'hi' });
  await db.transaction((tx) => content.publish(tx, saved.contentlet.identifier.identifier, 1));
  const anonymous = await s.http('GET', `/api/content/id/${saved.contentlet.identifier.identifier}`);
  t.equal(anonymous.status, 401);
  t.match(anonymous.text, /Invalid User/);
  t.equal(
    (await s.http('GET', `/api/content/id/${saved.contentlet.identifier.identifier}`, { headers: s.basicAuth() }))
      .status,
    200,
  );
  t.equal((await s.http('GET', '/api/content/id/unknown-id', { headers: s.basicAuth() })).status, 404);
  t.equal(
    (
      await s.http('GET', `/api/content/id/${saved.contentlet.identifier.identifier}?live=maybe`, {
        headers: s.basicAuth(),
      })
    ).status,
    400,
  );
});
