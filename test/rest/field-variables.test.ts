import { testOnSqlite, textContentType, userWithNewRole } from '../helpers/test-app.js';

const CLAZZ = 'com.cms.contenttype.model.field.ImmutableFieldVariable';

testOnSqlite('field variables by field id and by field variable, with their refusals', async (t, s) => {
  const admin = s.basicAuth();
  await textContentType(s, 'Recipe', ['title', 'body']);
  const fields = (await s.http('GET', '/api/v2/contenttype/Recipe/fields', { headers: admin })).json.entity;
  const title = fields.find((f: { variable: string }) => f.variable === 'title');
  const byId = `/api/v1/contenttype/Recipe/fields/id/${title.id}/variables`;
  const byVar = '/api/v1/contenttype/Recipe/fields/var/title/variables';

  t.same((await s.http('GET', byId, { headers: admin })).json.entity, [], 'none at first');
  const storage = s.app.services.storage;
  const versionBefore = await storage.definitionsVersion();
  const created = await s.http('POST', byId, {
    headers: admin,
    body: { clazz: CLAZZ, fieldId: title.id, key: 'hideInList', value: 'true' },
  });
  t.equal(created.status, 200);
  t.match(created.json.entity, { clazz: CLAZZ, id: String, fieldId: title.id, key: 'hideInList', value: 'true' });
  const variable = created.json.entity;
  t.not(await storage.definitionsVersion(), versionBefore, 'a definition write: cached definitions are read again');
  const second = await s.http('POST', byVar, { headers: admin, body: { key: 'placeholder', value: 'Name it' } });
  t.equal(second.status, 200, 'by field variable, fieldId left out');

  t.same(
    (await s.http('GET', byVar, { headers: admin })).json.entity.map((v: { key: string }) => v.key),
    ['hideInList', 'placeholder'],
  );
  t.same((await s.http('GET', `${byVar}/id/${variable.id}`, { headers: admin })).json.entity, variable);
  const field = (await s.http('GET', `/api/v2/contenttype/Recipe/fields/title`, { headers: admin })).json.entity;
  t.match(field.fieldVariables, [variable, { key: 'placeholder', clazz: CLAZZ }], 'the field answers them');

  const changed = await s.http('PUT', `${byId}/id/${variable.id}`, {
    headers: admin,
    body: { id: variable.id, fieldId: title.id, key: 'hideInList', value: 'false' },
  });
  t.equal(changed.status, 200);
  t.match(changed.json.entity, { id: variable.id, value: 'false' });

  const refusals: Array<[string, string, unknown, number, string]> = [
    ['POST', byId, { id: 'x', key: 'k' }, 400, "Field 'id' should not be set"],
    [
      'POST',
      byId,
      { fieldId: 'other', key: 'k' },
      400,
      `Field fieldId 'other' does not match a field with id '${title.id}'`,
    ],
    ['POST', byId, { key: 'placeholder' }, 400, 'The field already has a variable with key placeholder'],
    ['POST', byId, { value: 'v' }, 400, 'Every field variable needs a key'],
    ['PUT', `${byId}/id/${variable.id}`, { key: 'k' }, 400, "Field 'id' should be set"],
    [
      'PUT',
      `${byId}/id/${variable.id}`,
      { id: 'other', key: 'k' },
      400,
      `Field variable id '${variable.id}' does not match a field variable with id 'other'`,
    ],
    ['GET', `${byId}/id/nope`, undefined, 404, 'Field variable with id:nope not found'],
    ['GET', '/api/v1/contenttype/Recipe/fields/var/nope/variables', undefined, 404, ''],
    [
      'GET',
      '/api/v1/contenttype/Nope/fields/var/title/variables',
      undefined,
      404,
      'Content Type with id Nope not found',
    ],
    ['GET', '/api/v1/contenttype/Recipe/fields/name/title/variables', undefined, 400, ''],
  ];
  for (const [method, path, body, status, message] of refusals) {
    const r = await s.http(method, path, { headers: admin, body });
    t.equal(r.status, status, `${method} ${path} ${JSON.stringify(body)}`);
    if (message) t.equal(r.json.message, message);
  }

  const { auth: reader, roleId } = await userWithNewRole(s);
  t.equal((await s.http('GET', byVar, { headers: reader })).status, 404, 'a type the role may not read is unknown');
  await s.http('PUT', '/api/v1/permissions/Recipe', {
    headers: admin,
    body: { permissions: [{ roleId, permissions: ['READ'] }] },
  });
  t.equal((await s.http('GET', byVar, { headers: reader })).status, 200, 'readers read');
  t.equal((await s.http('POST', byVar, { headers: reader, body: { key: 'k' } })).status, 403, 'not change');
  t.equal((await s.http('DELETE', `${byVar}/id/${variable.id}`, { headers: reader })).status, 403);
  t.equal((await s.http('GET', byVar)).status, 401);

  const deleted = await s.http('DELETE', `${byVar}/id/${variable.id}`, { headers: admin });
  t.equal(deleted.status, 200);
  t.equal(deleted.json.entity, null);
  t.same(
    (await s.http('GET', byId, { headers: admin })).json.entity.map((v: { key: string }) => v.key),
    ['placeholder'],
  );
  t.equal((await s.http('DELETE', `${byVar}/id/${variable.id}`, { headers: admin })).status, 404);
});
