import { fireSystem } from '../search/search-helpers.js';
import {
  testOnEachStorage,
  testOnSqlite,
  textContentType,
  userWithNewRole,
  type TestApp,
} from '../helpers/test-app.js';

/** An item, a reader (READ only) and an editor (READ and WRITE), both granted on the item itself. */
async function setUp(s: TestApp) {
  await textContentType(s, 'Note', ['title']);
  const item = await fireSystem(s, 'NEW', { contentType: 'Note', title: 'Lockable' });
  const reader = await userWithNewRole(s, {
    roleName: 'Readers',
    email: 'reader@x.com',
    password: 'reader-password-1',
  });
  const editor = await userWithNewRole(s, {
    roleName: 'Editors',
    email: 'editor@x.com',
    password: 'editor-password-1',
  });
  const granted = await s.http('PUT', `/api/v1/permissions/${item.identifier}`, {
    headers: s.basicAuth(),
    body: {
      permissions: [
        { roleId: reader.roleId, permissions: ['READ'] },
        { roleId: editor.roleId, permissions: ['READ', 'WRITE'] },
      ],
    },
  });
  if (granted.status !== 200) throw new Error(granted.text);
  return { id: item.identifier as string, inode: item.inode as string, reader: reader.auth, editor: editor.auth };
}

testOnEachStorage('locking content by hand: _canlock, _lock, _unlock', async (t, s) => {
  const { id, inode, reader, editor } = await setUp(s);
  const admin = s.basicAuth();
  const call = (method: string, path: string, headers = admin) =>
    s.http(method, `/api/v1/content/${path}`, { headers });

  const free = await call('GET', `_canlock/${id}`);
  t.equal(free.status, 200, free.text);
  t.strictSame(
    free.json.entity,
    { canLock: true, locked: false, inode, id },
    'free: who may lock, and nobody holds it',
  );

  const locked = await call('PUT', `_lock/${id}`);
  t.equal(locked.status, 200, locked.text);
  t.equal(locked.json.entity.identifier, id, 'the answer is the item');
  t.equal(locked.json.entity.locked, true);
  t.equal(locked.json.entity.lockedBy, 'cms.org.1');

  const held = (await call('GET', `_canlock/${inode}`)).json.entity;
  t.match(held, { canLock: true, locked: true, lockedBy: 'cms.org.1', lockedOn: Number, id, inode }, 'by inode too');
  t.type(held.lockedByName, 'string', "the holder's name");

  const readerSees = await call('GET', `_canlock/${id}`, reader);
  t.match(readerSees.json.entity, { canLock: false, locked: true }, 'a reader may not lock');
  t.equal((await call('PUT', `_lock/${id}`, reader)).status, 403, 'a reader is refused: it may read the item');
  t.equal((await call('PUT', `_unlock/${id}`, reader)).status, 403);

  t.equal((await call('GET', `_canlock/${id}`, editor)).json.entity.canLock, false, "another user's lock");
  const taken = await call('PUT', `_lock/${id}`, editor);
  t.equal(taken.status, 409, 'an editor cannot take the lock another user holds');
  t.match(taken.json.errors[0].message, /locked/);
  t.equal((await call('PUT', `_unlock/${id}`, editor)).status, 409, 'nor release it');

  const released = await call('PUT', `_unlock/${id}`);
  t.equal(released.status, 200);
  t.equal(released.json.entity.locked, false);
  const editorId = (await s.http('GET', '/api/v1/users/current', { headers: editor })).json.userId as string;
  const editorLock = await call('PUT', `_lock/${id}`, editor);
  t.equal(editorLock.json.entity.lockedBy, editorId, 'the editor takes the free lock');
  const again = await call('PUT', `_lock/${id}`, editor);
  t.equal(again.status, 200, 'locking what one holds keeps the lock');
  const overridden = await call('PUT', `_lock/${id}`);
  t.equal(overridden.json.entity.lockedBy, 'cms.org.1', "an administrator takes over another user's lock");
  t.equal((await call('PUT', `_unlock/${id}`)).json.entity.locked, false);
});

testOnSqlite('locks: callers who may not see the item, unknown ids, anonymous callers', async (t, s) => {
  const { id } = await setUp(s);
  const stranger = (
    await userWithNewRole(s, { roleName: 'Strangers', email: 's@x.com', password: 'stranger-password-1' })
  ).auth;
  for (const [method, path] of [
    ['GET', `_canlock/${id}`],
    ['PUT', `_lock/${id}`],
    ['PUT', `_unlock/${id}`],
  ] as const) {
    t.equal(
      (await s.http(method, `/api/v1/content/${path}`, { headers: stranger })).status,
      404,
      `${path}: unknown to them`,
    );
    t.equal((await s.http(method, `/api/v1/content/${path}`, {})).status, 401, `${path}: anonymous`);
  }
  const unknown = await s.http('PUT', '/api/v1/content/_lock/no-such-item', { headers: s.basicAuth() });
  t.equal(unknown.status, 404);
  t.equal(unknown.json.message, 'The contentlet no-such-item and language 1 does not exist', "the original's words");
  const otherLanguage = await s.http('GET', `/api/v1/content/_canlock/${id}?language=2`, { headers: s.basicAuth() });
  t.equal(otherLanguage.status, 404, 'not in that language');
  const language = await s.http('PUT', `/api/v1/content/_lock/${id}?language=two`, { headers: s.basicAuth() });
  t.equal(language.status, 400);
});

testOnSqlite('the legacy lock paths: PUT /api/content/{lock|unlock|canLock}/...', async (t, s) => {
  const { id, inode, editor } = await setUp(s);
  const put = (path: string, headers = s.basicAuth()) => s.http('PUT', `/api/content/${path}`, { headers });
  const locked = await put(`lock/id/${id}`);
  t.equal(locked.status, 200, locked.text);
  t.strictSame(
    locked.json,
    { inode, id, message: 'locked', return: 200 },
    'outside the envelope, as the original answers',
  );
  const status = await put(`canLock/inode/${inode}`, editor);
  t.match(status.json, { canLock: false, locked: true, lockedBy: 'cms.org.1', id, inode, return: 200 });
  t.equal((await put(`unlock/id/${id}/language/1`, editor)).status, 409, "another user's lock");
  t.strictSame((await put(`unlock/inode/${inode}`)).json, { inode, id, message: 'unlocked', return: 200 });
  t.equal((await put('lock/id/no-such-item')).status, 404);
  t.equal((await put('lock/live/false')).status, 404, 'a path naming no item');
  t.equal((await put(`lock/id/${id}`, {})).status, 401);
});
