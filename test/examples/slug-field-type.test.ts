import t from 'tap';
import { installExamples } from '../helpers/example-packages.js';
import { startTestApp } from '../helpers/test-app.js';

const SAVE = 'ceca71a0-deee-4999-bd47-b01baa1bcfc8';

t.test('the slug field type, installed as a package and loaded by name, parses, refuses and is listed', async (t) => {
  const dir = await installExamples(t, 'slug-field-type');
  const s = (await startTestApp(t, { dataDir: dir, env: { CMS_PLUGINS: 'cms-example-slug-field' } }))!;
  const admin = s.basicAuth();
  await s.http('POST', '/api/v1/contenttype', {
    headers: admin,
    body: { clazz: 'SimpleContentType', name: 'Post', variable: 'Post' },
  });
  const badDefinition = await s.http('POST', '/api/v2/contenttype/Post/fields', {
    headers: admin,
    body: [{ clazz: 'com.example.cms.SlugField', name: 'slug', values: 'long' }],
  });
  t.equal(badDefinition.status, 400, 'validateDefinition refuses the definition');
  t.match(badDefinition.text, /values must be the longest slug allowed/);
  const fields = await s.http('POST', '/api/v2/contenttype/Post/fields', {
    headers: admin,
    body: [
      { clazz: 'TextField', name: 'title' },
      { clazz: 'com.example.cms.SlugField', name: 'slug', values: '20' },
    ],
  });
  t.equal(fields.status, 200, 'a content type gets the field');

  const fire = (slug: unknown) =>
    s.http('PUT', `/api/v1/workflow/actions/${SAVE}/fire`, {
      headers: admin,
      body: { contentletFormData: { contentType: 'Post', title: 'Hello', slug } },
    });
  const saved = await fire('Héllo Wörld, again!');
  t.equal(saved.status, 200);
  t.equal(saved.json.entity.map.slug, 'hello-world-again', 'parsed into the stored form');

  const refused = await fire('!!!');
  t.equal(refused.status, 400);
  t.match(refused.json.errors, [
    { errorCode: 'badType', fieldName: 'slug', message: /"!!!" holds no letter or digit/ },
  ]);
  const tooLong = await fire('a'.repeat(21));
  t.match(tooLong.json.errors, [{ fieldName: 'slug', message: /at most 20 characters/ }], 'the definition is read');
});
