import { ADMIN_USER_ID } from '../../core/model/user.js';
import { testOnSqlite, textContentType, type TestApp } from '../helpers/test-app.js';

// POST /api/v1/workflow/search, the original's workflow task search.

const PASSWORD = 'reader-password-1';
const DAY = 24 * 60 * 60 * 1000;
const SEARCH = '/api/v1/workflow/search';

/**
 * Four drafts with tasks set to known values: A (open, assigned to the Readers role by id, 10 days
 * old), B (closed, assigned to the reader, created by the reader, a day old), C (open, assigned to
 * Readers by key, now), D (open, assigned to the administrator, 3 days old). Readers may read A and B.
 */
async function fourTasks(s: TestApp) {
  const admin = s.basicAuth();
  await textContentType(s, 'Story', ['title']);
  const draft = async (title: string) => {
    const fired = await s.http('PUT', '/api/v1/workflow/actions/default/fire/NEW', {
      headers: admin,
      body: { contentletFormData: { contentType: 'Story', title } },
    });
    if (fired.status !== 200) throw new Error(fired.text);
    return fired.json.entity.identifier as string;
  };
  const ids = {
    A: await draft('Alpha report'),
    B: await draft('Beta memo'),
    C: await draft('Gamma report'),
    D: await draft('Delta note'),
  };
  const role = await s.http('POST', '/api/v1/roles', {
    headers: admin,
    body: { roleName: 'Readers', roleKey: 'readers' },
  });
  const readers = role.json.entity.id as string;
  const made = await s.http('POST', '/api/v1/users', {
    headers: admin,
    body: { email: 'reader@x.com', firstName: 'Rea', lastName: 'Der', password: PASSWORD, roles: [readers] },
  });
  const readerId = made.json.entity.userId as string;
  for (const id of [ids.A, ids.B]) {
    const granted = await s.http('PUT', `/api/v1/permissions/${id}`, {
      headers: admin,
      body: { permissions: [{ roleId: readers, permissions: ['READ'] }] },
    });
    if (granted.status !== 200) throw new Error(granted.text);
  }

  const storage = s.app.services.storage;
  const task = (await storage.tasks.find(ids.A, 1))!;
  const [open, closed] = await storage.workflows.listSteps(task.schemeId);
  await storage.workflows.updateStep({ ...open!, resolved: false });
  await storage.workflows.updateStep({ ...closed!, resolved: true });
  const now = Date.now();
  const put = (identifier: string, values: Partial<typeof task>) =>
    storage.tasks.put({ ...task, identifier, stepId: open!.id, createdBy: ADMIN_USER_ID, ...values });
  await put(ids.A, { assignedTo: readers, modDate: now - 10 * DAY });
  await put(ids.B, { assignedTo: readerId, createdBy: readerId, stepId: closed!.id, modDate: now - DAY });
  await put(ids.C, { assignedTo: 'readers', modDate: now });
  await put(ids.D, { assignedTo: ADMIN_USER_ID, modDate: now - 3 * DAY });
  return {
    ids,
    readers,
    readerId,
    schemeId: task.schemeId,
    openStep: open!.id,
    closedStep: closed!.id,
    reader: s.basicAuth('reader@x.com', PASSWORD),
  };
}

/** The titles a search answers, in order, and its total. */
async function found(s: TestApp, body: Record<string, unknown>, headers = s.basicAuth()) {
  const answer = await s.http('POST', SEARCH, { headers, body });
  if (answer.status !== 200) throw new Error(answer.text);
  const entity = answer.json.entity as { totalCount: number; workflowTasks: Array<{ title: string }> };
  return { titles: entity.workflowTasks.map((task) => task.title), total: entity.totalCount };
}

const titles = async (s: TestApp, body: Record<string, unknown>, headers = s.basicAuth()) =>
  (await found(s, body, headers)).titles;

testOnSqlite('a task is answered in the original shape', async (t, s) => {
  const { ids, readers, openStep } = await fourTasks(s);
  const answer = await s.http('POST', SEARCH, { headers: s.basicAuth(), body: { show4all: true, keywords: 'alpha' } });
  t.equal(answer.status, 200, answer.text);
  t.same(answer.json.entity.totalCount, 1);
  t.match(answer.json.entity.workflowTasks[0], {
    id: `${ids.A}:1`,
    assignedTo: readers,
    assignedUserName: 'Readers',
    createdBy: ADMIN_USER_ID,
    description: null,
    belongsTo: ids.A,
    creationDate: Number,
    dueDate: null,
    languageId: 1,
    modDate: Number,
    title: 'Alpha report',
    status: openStep,
  });
  const mine = await s.http('POST', SEARCH, { headers: s.basicAuth(), body: {} });
  t.match(mine.json.entity.workflowTasks, [{ title: 'Delta note', assignedUserName: String }]);
  const bodiless = await s.http('POST', SEARCH, { headers: s.basicAuth() });
  t.same(bodiless.json.entity, mine.json.entity, 'no body at all: the defaults');
});

testOnSqlite('each filter narrows the tasks, alone and combined', async (t, s) => {
  const { readers, readerId, schemeId, closedStep } = await fourTasks(s);
  const all = { show4all: true };
  t.same(await found(s, all), {
    titles: ['Gamma report', 'Beta memo', 'Delta note', 'Alpha report'],
    total: 4,
  });
  t.same(await titles(s, {}), ['Delta note'], "by default the caller's own tasks, even for an administrator");
  t.same(await titles(s, { ...all, keywords: 'REPORT' }), ['Gamma report', 'Alpha report']);
  t.same(await titles(s, { ...all, keywords: '%' }), [], 'a % is taken literally');
  t.same(await titles(s, { assignedTo: readers }), ['Gamma report', 'Alpha report'], 'a role by id, held by id or key');
  t.same(await titles(s, { assignedTo: 'readers' }), ['Gamma report', 'Alpha report'], 'a role by key');
  t.same(await titles(s, { assignedTo: readerId }), ['Beta memo'], 'a user');
  t.same(await titles(s, { ...all, daysOld: 2 }), ['Gamma report', 'Beta memo']);
  t.same(await titles(s, { ...all, daysOld: -1 }), ['Gamma report', 'Beta memo', 'Delta note', 'Alpha report']);
  t.same((await found(s, { ...all, schemeId })).total, 4);
  t.same(await titles(s, { ...all, schemeId: 'no-such-scheme' }), []);
  t.same(await titles(s, { ...all, stepId: closedStep }), ['Beta memo']);
  t.same(await titles(s, { ...all, open: true }), ['Gamma report', 'Delta note', 'Alpha report']);
  t.same(await titles(s, { ...all, closed: true }), ['Beta memo']);
  t.same((await found(s, { ...all, open: true, closed: true })).total, 4, 'open and closed: both');
  t.same(await titles(s, { ...all, createdBy: readerId }), ['Beta memo']);
  t.same(await titles(s, { assignedTo: 'readers', keywords: 'report', open: true }), ['Gamma report', 'Alpha report']);
  t.same(await titles(s, { assignedTo: 'readers', keywords: 'report', open: true, daysOld: 5 }), ['Gamma report']);
  t.same(await titles(s, { ...all, keywords: 'memo', open: true }), []);
});

testOnSqlite('orderBy sorts by a known column; count and page page through, with the total', async (t, s) => {
  await fourTasks(s);
  const all = { show4all: true };
  t.same(await titles(s, { ...all, orderBy: 'title asc' }), [
    'Alpha report',
    'Beta memo',
    'Delta note',
    'Gamma report',
  ]);
  t.same(await titles(s, { ...all, orderBy: 'title' }), ['Alpha report', 'Beta memo', 'Delta note', 'Gamma report']);
  t.same(await titles(s, { ...all, orderBy: 'mod_date ASC' }), [
    'Alpha report',
    'Delta note',
    'Beta memo',
    'Gamma report',
  ]);
  t.same(await found(s, { ...all, count: 2, page: 1 }), { titles: ['Delta note', 'Alpha report'], total: 4 });
  t.same(await found(s, { ...all, count: 3, page: 0 }), {
    titles: ['Gamma report', 'Beta memo', 'Delta note'],
    total: 4,
  });
  t.same(await found(s, { ...all, count: 2, page: 5 }), { titles: [], total: 4 }, 'past the end: none, still counted');
});

testOnSqlite('a caller who is not an administrator sees only tasks on items they may read', async (t, s) => {
  const { reader } = await fourTasks(s);
  t.same(
    await found(s, {}, reader),
    { titles: ['Beta memo', 'Alpha report'], total: 2 },
    'assigned to them or their role; C (their role, by key) is on an item they may not read',
  );
  t.same(await found(s, { show4all: true }, reader), { titles: ['Beta memo', 'Alpha report'], total: 2 });
  t.same(await found(s, { assignedTo: ADMIN_USER_ID }, reader), { titles: [], total: 0 });
  t.same(await found(s, { count: 1, page: 1 }, reader), { titles: ['Alpha report'], total: 2 });
  t.same(await found(s, { keywords: 'gamma' }, reader), { titles: [], total: 0 });
});

testOnSqlite('bad input is refused with a 400 that names the member', async (t, s) => {
  const admin = s.basicAuth();
  const refused = async (body: unknown) => {
    const answer = await s.http('POST', SEARCH, { headers: admin, body });
    return { status: answer.status, message: String(answer.json?.message ?? answer.text) };
  };
  const order = await refused({ orderBy: 'password desc' });
  t.equal(order.status, 400);
  t.match(order.message, /orderBy: unknown column password desc; use one of modDate/);
  t.equal((await refused({ orderBy: 'title sideways' })).status, 400);
  for (const [body, member] of [
    [{ count: 0 }, 'count'],
    [{ count: 501 }, 'count'],
    [{ page: -1 }, 'page'],
    [{ daysOld: -2 }, 'daysOld'],
    [{ open: 'perhaps' }, 'open'],
    [{ keywords: 7 }, 'keywords'],
  ] as const) {
    const answer = await refused(body);
    t.equal(answer.status, 400, JSON.stringify(body));
    t.match(answer.message, member, `the message names ${member}`);
  }
  t.equal((await s.http('POST', SEARCH, { body: {} })).status, 401, 'signed-in callers only');
});
