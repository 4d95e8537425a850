import t from 'tap';
import { startTestApp, textContentType, type TestApp, type TestResponse } from '../helpers/test-app.js';

const PASSWORD = 'nobody-password-1';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const MISSING_INODE = '00000000-0000-4000-8000-0000000000ff';

/** Two published items; the second given grants of its own that let no one but editors read it. */
async function setUp(s: TestApp) {
  const admin = s.basicAuth();
  await textContentType(s, 'Note');
  const publish = async (title: string) => {
    const answer = await s.http('PUT', '/api/v1/workflow/actions/default/fire/PUBLISH', {
      headers: admin,
      body: { contentletFormData: { contentType: 'Note', title } },
    });
    return { identifier: answer.json.entity.identifier as string, inode: answer.json.entity.inode as string };
  };
  const open = await publish('Open');
  const hidden = await publish('Hidden');
  const editors = (await s.http('POST', '/api/v1/roles', { headers: admin, body: { roleName: 'Editors' } })).json.entity
    .id as string;
  const granted = await s.http('PUT', `/api/v1/permissions/${hidden.identifier}`, {
    headers: admin,
    body: { permissions: [{ roleId: editors, permissions: ['READ'] }] },
  });
  if (granted.status !== 200) throw new Error(granted.text);
  await s.http('POST', '/api/v1/users', {
    headers: admin,
    body: { email: 'nobody@x.com', firstName: 'N', lastName: 'N', password: PASSWORD },
  });
  return { open, hidden, nobody: s.basicAuth('nobody@x.com', PASSWORD) };
}

/** A request about one item (`ID` in the path or body stands for its reference). */
interface Probe {
  name: string;
  method: string;
  path: string;
  body?: unknown;
  /** Which reference of the item the request carries. */
  by: 'identifier' | 'inode';
  /** Answers 200 with each item's outcome inside. */
  perItem?: true;
}

const reads: Probe[] = [
  { name: 'v1 read by identifier', method: 'GET', path: '/api/v1/content/ID', by: 'identifier' },
  { name: 'v1 read by inode', method: 'GET', path: '/api/v1/content/ID', by: 'inode' },
  { name: 'legacy read by identifier', method: 'GET', path: '/api/content/id/ID', by: 'identifier' },
  { name: 'legacy read with path options', method: 'GET', path: '/api/content/id/ID/live/true', by: 'identifier' },
  { name: 'legacy read by inode', method: 'GET', path: '/api/content/inode/ID', by: 'inode' },
  { name: 'short asset URL', method: 'GET', path: '/dA/ID', by: 'identifier' },
  { name: 'short asset URL by inode', method: 'GET', path: '/dA/ID', by: 'inode' },
];

const signedInOnly: Probe[] = [
  {
    name: 'default fire naming the identifier',
    method: 'PUT',
    path: '/api/v1/workflow/actions/default/fire/PUBLISH',
    body: { contentletFormData: { identifier: 'ID', title: 'Mine' } },
    by: 'identifier',
  },
  {
    name: 'default fire naming the inode',
    method: 'PUT',
    path: '/api/v1/workflow/actions/default/fire/PUBLISH?inode=ID',
    body: { contentletFormData: { title: 'Mine' } },
    by: 'inode',
  },
  {
    name: 'fire by action name',
    method: 'PUT',
    path: '/api/v1/workflow/actions/fire',
    body: { actionName: 'Publish', contentletFormData: { identifier: 'ID' } },
    by: 'identifier',
  },
  {
    name: 'merging default fire',
    method: 'PATCH',
    path: '/api/v1/workflow/actions/default/fire/PUBLISH',
    body: { contentletFormData: { identifier: 'ID', title: 'Mine' } },
    by: 'identifier',
    perItem: true,
  },
  {
    name: 'bulk default fire',
    method: 'POST',
    path: '/api/v1/workflow/actions/default/fire/PUBLISH',
    body: { contentlets: [{ identifier: 'ID', title: 'Mine' }] },
    by: 'identifier',
    perItem: true,
  },
  { name: 'actions offered', method: 'GET', path: '/api/v1/workflow/contentlet/ID/actions', by: 'inode' },
  { name: 'history', method: 'GET', path: '/api/v1/workflow/tasks/history/comments/ID', by: 'identifier' },
  { name: 'workflow status', method: 'GET', path: '/api/v1/workflow/status/ID', by: 'identifier' },
  {
    name: 'comment',
    method: 'POST',
    path: '/api/v1/workflow/ID/comments',
    body: { comment: 'hello' },
    by: 'identifier',
  },
];

function withId(probe: Probe, id: string): { path: string; body?: unknown } {
  const body = probe.body === undefined ? undefined : JSON.parse(JSON.stringify(probe.body).replaceAll('ID', id));
  return { path: probe.path.replace('ID', id), body };
}

/** The answer with every reference to the item in question written as `ID` (and a bulk fire's timing left out). */
const shape = (answer: TestResponse, ...ids: string[]) => ({
  status: answer.status,
  body: ids.reduce((text, id) => text.replaceAll(id, 'ID'), answer.text).replace(/"time":\d+/, '"time":0'),
});

t.test('an item the caller may not read answers exactly as an id that names nothing', async (t) => {
  const s = await startTestApp(t, { env: { CONTENT_APIS_ALLOW_ANONYMOUS: 'READ' } });
  if (!s) return;
  const { open, hidden, nobody } = await setUp(s);
  const callers = [
    { who: 'anonymous', headers: {}, probes: reads },
    { who: 'a user with no role', headers: nobody, probes: [...reads, ...signedInOnly] },
  ];
  for (const { who, headers, probes } of callers) {
    t.test(who, async (t) => {
      const sanity = await s.http('GET', `/api/v1/content/${open.identifier}?live=true`, { headers });
      t.equal(sanity.status, 200, 'a published item they may read is shown');
      for (const probe of probes) {
        const unreadable = probe.by === 'identifier' ? hidden.identifier : hidden.inode;
        const unknown = probe.by === 'identifier' ? MISSING_ID : MISSING_INODE;
        const hiddenAnswer = await s.http(probe.method, withId(probe, unreadable).path, {
          headers,
          body: withId(probe, unreadable).body,
        });
        const missingAnswer = await s.http(probe.method, withId(probe, unknown).path, {
          headers,
          body: withId(probe, unknown).body,
        });
        if (probe.perItem) {
          t.equal(hiddenAnswer.json.entity.summary.failCount, 1, `${probe.name}: refused`);
          t.match(hiddenAnswer.text, /not found/, `${probe.name}: as not found`);
        } else t.not(hiddenAnswer.status, 200, `${probe.name}: refused`);
        t.not(hiddenAnswer.status, 403, `${probe.name}: not a 403 that tells it exists`);
        // Nothing of the item beyond what the caller sent: by inode, not even its identifier.
        t.same(shape(hiddenAnswer, unreadable), shape(missingAnswer, unknown), `${probe.name}: the same answer`);
        t.notOk(hiddenAnswer.text.includes(probe.by === 'inode' ? hidden.identifier : hidden.inode), probe.name);
      }
    });
  }

  t.test('a caller who may read the live version is still refused the working one with a 403', async (t) => {
    const working = await s.http('GET', `/api/content/id/${open.identifier}?live=false`, { headers: nobody });
    t.equal(working.status, 403, 'it knows the item: the refusal says so');
    const edit = await s.http('PUT', '/api/v1/workflow/actions/default/fire/EDIT', {
      headers: nobody,
      body: { contentletFormData: { identifier: open.identifier, title: 'Mine' } },
    });
    t.equal(edit.status, 403);
  });
});
