import t, { type Test } from 'tap';
import { MULTIPART_TYPE, multipartBody, pressType } from '../helpers/multipart-body.js';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';

/** The system workflow's Save action, for the fires that name their action by id. */
const SAVE = 'b9d89c80-3d88-4311-8365-187323c96436';

/** Every route that reads the fire body (JSON, or multipart with files), as method and path. */
const FIRE_ROUTES: ReadonlyArray<[string, string]> = [
  ['PUT', '/api/v1/workflow/actions/default/fire/NEW'],
  ['PUT', '/api/v1/workflow/actions/default/firemultipart/NEW'],
  ['PUT', `/api/v1/workflow/actions/${SAVE}/fire`],
  ['PUT', `/api/v1/workflow/actions/${SAVE}/firemultipart`],
  ['PUT', '/api/v1/workflow/actions/fire'],
  ['PUT', '/api/v1/workflow/actions/firemultipart'],
  ['PATCH', '/api/v1/workflow/actions/default/fire/NEW'],
];

/** `files` is what the multipart reader lists; whatever a client puts there instead is refused. */
const FILES: unknown[] = [
  null,
  1,
  'x',
  true,
  [],
  {},
  { name: 'photo', fileName: 'p.jpg' },
  { kind: 'file', name: 'photo', fileName: 'p.jpg', contentType: 'image/jpeg', path: '/etc/passwd', size: 10 },
  { kind: 'file', name: 'file', fileName: 'p.jpg', path: '/etc/passwd', size: 10 },
  { name: 5, fileName: {} },
  { name: '__proto__', fileName: 'x' },
];

/** The other members of the body, in shapes a careless or hostile client might send. */
const FORMS: unknown[] = [
  null,
  [],
  'x',
  5,
  { contentType: 5, headline: 'a' },
  { contentType: {}, headline: 'a' },
  { contentType: [], stInode: 7 },
  { contentType: 'Press', headline: null },
  { contentType: 'Press', headline: {} },
  { contentType: 'Press', headline: [1, 2] },
  { contentType: 'Press', headline: 5 },
  { contentType: 'Press', photo: 'not a file' },
  { contentType: 'Press', photo: { fileName: 'p.jpg', file: { path: '/etc/passwd', size: 10 } } },
  { contentType: 'Press', photo: null, kit: [] },
  { contentType: 'Press', languageId: {} },
  { contentType: 'Press', languageId: [] },
  { contentType: 'Press', languageId: -1 },
  { contentType: 'Press', languageId: 1.5 },
  { contentType: 'Press', identifier: 5 },
  { contentType: 'Press', identifier: {} },
  { contentType: 'Press', inode: 5 },
  { contentType: 'Press', inode: {} },
  { contentType: 'Press', inode: 'no-such-inode' },
  { contentType: 'Press', binaryFields: {} },
  { contentType: 'Press', binaryFields: [null, {}] },
  { contentType: 'Press', binary_fields: 5 },
  { contentType: 'Press', indexPolicy: {} },
  { contentType: 'Press', indexPolicy: 5 },
  { contentType: 'Press', indexPolicy: 'NOPE' },
  { contentType: 'Press', hostFolder: {} },
  { contentType: 'Press', hostFolder: 5 },
  JSON.parse('{"contentType":"Press","__proto__":{"headline":"polluted"},"constructor":{"prototype":{"x":1}}}'),
];

const MEMBERS: Array<Record<string, unknown>> = [
  { comments: 5 },
  { comments: {} },
  { comments: null },
  { assign: 5 },
  { assign: [] },
  { assign: null },
  { assign: 'no-such-role' },
  { actionName: 5 },
  { actionName: {} },
  { actionName: 'No Such Action' },
  { query: 5 },
  { query: {} },
  { query: '' },
  { query: '((((' },
  { query: '+contentType:Press' },
  { contentlet: null },
  { contentlet: [] },
  { contentletFormData: { contentType: 'Press' }, contentlet: 'x' },
];

/** The bodies sent (all but `files`, which the test before covers), named for the failure message. */
function bodies(): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [];
  for (const form of FORMS) {
    out.push([`contentletFormData ${JSON.stringify(form)}`, { contentletFormData: form }]);
    out.push([`contentlet ${JSON.stringify(form)}`, { contentlet: form }]);
  }
  for (const members of MEMBERS)
    out.push([JSON.stringify(members), { contentletFormData: { contentType: 'Press', headline: 'h' }, ...members }]);
  return out;
}

function noFault(t: Test, what: string, r: TestResponse): void {
  if (r.status >= 500) t.fail(`${what} answered ${r.status}: ${r.text.slice(0, 300)}`);
  else if (r.status >= 400 && !(Array.isArray(r.json?.errors) && r.json.errors.length > 0))
    t.fail(`${what} answered ${r.status} without an error envelope: ${r.text.slice(0, 300)}`);
}

/** A 400 whose error names `files`. */
function refusesFiles(t: Test, what: string, r: TestResponse): void {
  t.equal(r.status, 400, `${what} is refused`, { body: r.text.slice(0, 300) });
  t.ok(
    (r.json?.errors ?? []).some((e: { fieldName?: string }) => e.fieldName === 'files'),
    `${what} names files`,
    { errors: r.json?.errors },
  );
}

const put = (s: TestApp, method: string, path: string, body: unknown) =>
  s.http(method, path, { headers: s.basicAuth(), body });

t.test('a client-sent `files` is a 400 naming files on every fire route, never a 500', async (t) => {
  const s = (await startTestApp(t))!;
  await pressType(s);
  for (const [method, path] of FIRE_ROUTES) {
    for (const files of FILES) {
      const what = `${method} ${path} with files [${JSON.stringify(files)}]`;
      refusesFiles(
        t,
        what,
        await put(s, method, path, { contentletFormData: { contentType: 'Press' }, files: [files] }),
      );
      refusesFiles(t, `${what} and no form`, await put(s, method, path, { files: [files] }));
    }
    for (const files of [null, 'x', 5, {}, { 0: null }])
      refusesFiles(t, `${method} ${path} with files ${JSON.stringify(files)}`, await put(s, method, path, { files }));
    // In a multipart body, `files` are the file parts: a `json` part or a text part may not name any.
    const inJsonPart = multipartBody([
      { name: 'json', value: JSON.stringify({ contentlet: { contentType: 'Press' }, files: [null] }) },
    ]);
    refusesFiles(
      t,
      `${method} ${path} multipart with files in the json part`,
      await s.http(method, path, { headers: { ...s.basicAuth(), 'content-type': MULTIPART_TYPE }, raw: inJsonPart }),
    );
    const withFilePart = multipartBody([
      { name: 'json', value: JSON.stringify({ contentlet: { contentType: 'Press' }, files: [{ name: 'photo' }] }) },
      { name: 'file', value: 'photo', fileName: 'p.jpg' },
    ]);
    refusesFiles(
      t,
      `${method} ${path} multipart with files in the json part beside a file part`,
      await s.http(method, path, { headers: { ...s.basicAuth(), 'content-type': MULTIPART_TYPE }, raw: withFilePart }),
    );
    const asText = multipartBody([
      { name: 'json', value: JSON.stringify({ contentlet: { contentType: 'Press' } }) },
      { name: 'files', value: 'x' },
    ]);
    refusesFiles(
      t,
      `${method} ${path} multipart with a text part named files`,
      await s.http(method, path, { headers: { ...s.basicAuth(), 'content-type': MULTIPART_TYPE }, raw: asText }),
    );
  }
  t.equal((await s.http('GET', '/api/v1/probes/alive')).status, 200, 'still alive');
});

t.test('fire bodies of the wrong shape never answer a 5xx on any fire route', async (t) => {
  const s = (await startTestApp(t))!;
  await pressType(s);
  const all = bodies();
  // Each body goes to one route as JSON and to another as a multipart `json` part beside file parts
  // (one named after a field, one `__proto__`): every route and every shape, without every pair.
  const fileParts = [
    { name: 'photo', value: 'bytes', fileName: 'p.jpg' },
    { name: '__proto__', value: 'bytes', fileName: 'x.txt' },
    { name: 'file', value: 'bytes', fileName: 'f.txt' },
  ];
  for (const [i, [name, body]] of all.entries()) {
    const [method, path] = FIRE_ROUTES[i % FIRE_ROUTES.length]!;
    noFault(t, `${method} ${path} with ${name}`, await put(s, method, path, body));
    const [partMethod, partPath] = FIRE_ROUTES[(i + 3) % FIRE_ROUTES.length]!;
    const raw = multipartBody([{ name: 'json', value: JSON.stringify(body) }, ...fileParts]);
    noFault(
      t,
      `${partMethod} ${partPath} multipart with ${name}`,
      await s.http(partMethod, partPath, { headers: { ...s.basicAuth(), 'content-type': MULTIPART_TYPE }, raw }),
    );
  }
  // The PATCH by query, and the POST that fires on several items: each item's form in the same shapes.
  const created = await put(s, 'PUT', '/api/v1/workflow/actions/default/fire/PUBLISH', {
    contentletFormData: { contentType: 'Press', headline: 'one' },
  });
  t.equal(created.status, 200, created.text);
  for (const [name, body] of all) {
    const byQuery = { ...(body as object), query: `+identifier:${created.json.entity.identifier}` };
    noFault(
      t,
      `PATCH by query with ${name}`,
      await put(s, 'PATCH', '/api/v1/workflow/actions/default/fire/EDIT', byQuery),
    );
  }
  for (const form of [...FORMS, { contentType: 'Press', files: [null] }]) {
    noFault(
      t,
      `POST several with ${JSON.stringify(form)}`,
      await put(s, 'POST', '/api/v1/workflow/actions/default/fire/NEW', { contentlets: [form] }),
    );
  }
  t.equal((await s.http('GET', '/api/v1/probes/alive')).status, 200, 'still alive');
});
