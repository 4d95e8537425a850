import { testOnEachStorage, textContentType } from '../helpers/test-app.js';

// Field variables live in a table of their own, so concurrent writes of different
// variables of one field all stay (in the fields' JSON column, one could overwrite another).

testOnEachStorage('concurrent writes of different variables of one field keep them all', async (t, s) => {
  const admin = s.basicAuth();
  await textContentType(s, 'Recipe', ['title']);
  const base = '/api/v1/contenttype/Recipe/fields/var/title/variables';
  const keys = Array.from({ length: 12 }, (_, i) => `key${i}`);
  const created = await Promise.all(
    keys.map((key) => s.http('POST', base, { headers: admin, body: { key, value: `${key} value` } })),
  );
  t.same(
    created.map((answer) => answer.status),
    keys.map(() => 200),
    'every add answers 200',
  );
  const listed = async () =>
    ((await s.http('GET', base, { headers: admin })).json.entity as Array<{ id: string; key: string; value: string }>)
      .map(({ key, value }) => `${key}=${value}`)
      .sort();
  t.same(await listed(), keys.map((key) => `${key}=${key} value`).sort(), 'all twelve are kept');

  // Changes and removals of different variables at once: each lands, none undoes another.
  const ids = created.map((answer) => answer.json.entity.id as string);
  const changes = await Promise.all(
    ids.map((id, i) =>
      i % 2 === 0
        ? s.http('PUT', `${base}/id/${id}`, { headers: admin, body: { id, key: keys[i], value: 'changed' } })
        : s.http('DELETE', `${base}/id/${id}`, { headers: admin }),
    ),
  );
  t.same(
    changes.map((answer) => answer.status),
    ids.map(() => 200),
  );
  t.same(
    await listed(),
    keys
      .filter((_, i) => i % 2 === 0)
      .map((key) => `${key}=changed`)
      .sort(),
  );

  // The same key twice at once: one is added, the other refused as taken, never both.
  const twice = await Promise.all(
    [1, 2].map(() => s.http('POST', base, { headers: admin, body: { key: 'same', value: 'v' } })),
  );
  t.same(twice.map((answer) => answer.status).sort(), [200, 400], twice.map((a) => a.text).join('\n'));
  t.equal((await listed()).filter((entry) => entry.startsWith('same=')).length, 1);
});
