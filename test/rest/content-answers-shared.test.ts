import t from 'tap';
import { fireForm } from '../helpers/nav-tree.js';
import { textContentType, userWithNewRole, type TestApp } from '../helpers/test-app.js';
import { twoApps } from '../helpers/two-apps.js';

// A content answer kept by one process follows writes made through another sharing the database.

/** A system action fired on a Note. */
const fire = (s: TestApp, verb: string, form: Record<string, unknown>) =>
  fireForm(s, verb, { contentType: 'Note', ...form });

for (const storage of ['sqlite', 'mysql'] as const) {
  t.test(`a write through one process is in the next answer another sends, on ${storage}`, async (t) => {
    const apps = await twoApps(t, storage);
    if (!apps) return;
    const [a, b] = apps;
    await textContentType(a, 'Note', ['title']);
    const read = async (path: string, headers: Record<string, string> = b.basicAuth()) => {
      const answer = await b.http('GET', `/api/v1/content/${path}`, { headers });
      if (answer.status !== 200) return answer.status;
      const { title, live, locked, archived, contentType } = answer.json.entity;
      return { title, live, locked, archived, fields: contentType.fields.length };
    };

    const { identifier: id, inode: first } = await fire(a, 'PUBLISH', { title: 'One' });
    t.match(await read(id), { title: 'One', live: true }, 'kept by b');
    t.match(await read(first), { title: 'One', live: true }, 'by inode too');
    await fire(a, 'EDIT', { identifier: id, title: 'Two' });
    t.match(await read(id), { title: 'Two', live: false }, 'a save');
    await fire(a, 'PUBLISH', { identifier: id });
    t.match(await read(id), { title: 'Two', live: true }, 'a publish');
    t.match(await read(first), { title: 'One', live: false }, 'the inode that was live');
    t.equal((await a.http('PUT', `/api/v1/content/_lock/${id}`, { headers: a.basicAuth() })).status, 200);
    t.match(await read(id), { locked: true }, 'a lock');

    const { fields } = (await read(id)) as { fields: number };
    await a.http('POST', '/api/v2/contenttype/Note/fields', {
      headers: a.basicAuth(),
      body: [{ clazz: 'TextField', name: 'summary', variable: 'summary' }],
    });
    t.match(await read(id), { fields: fields + 1 }, 'a field');

    const { auth: reader, roleId } = await userWithNewRole(a);
    t.equal(await read(id, reader), 403, 'the reader may not read the working version');
    const granted = await a.http('PUT', `/api/v1/permissions/${id}`, {
      headers: a.basicAuth(),
      body: { permissions: [{ roleId, permissions: ['READ'] }] },
    });
    t.equal(granted.status, 200, granted.text);
    t.match(await read(id, reader), { title: 'Two' }, 'a grant');
    await a.http('PUT', `/api/v1/permissions/${id}/_reset`, { headers: a.basicAuth() });
    t.equal(await read(id, reader), 403, 'and its reset');

    // Two items read together (one batch of states), one changed through the other process.
    const { identifier: other } = await fire(a, 'PUBLISH', { title: 'Other' });
    const both = () => Promise.all([read(id), read(other), read(id), read(other)]);
    t.match(await both(), [{ title: 'Two' }, { title: 'Other' }, { title: 'Two' }, { title: 'Other' }]);
    await fire(a, 'EDIT', { identifier: other, title: 'Other, changed' });
    t.match(await both(), [
      { title: 'Two' },
      { title: 'Other, changed' },
      { title: 'Two' },
      { title: 'Other, changed' },
    ]);

    await fire(a, 'ARCHIVE', { identifier: id });
    t.match(await read(id), { archived: true }, 'archived');
    await fire(a, 'DESTROY', { identifier: id });
    t.equal(await read(id), 404, 'destroyed');
    t.equal(await read(first), 404, 'its versions too');
  });
}
