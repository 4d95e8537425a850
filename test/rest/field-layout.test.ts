import { testOnSqlite, textContentType, userWithNewRole } from '../helpers/test-app.js';

const ROW = 'com.cms.contenttype.model.field.ImmutableRowField';
const COLUMN = 'com.cms.contenttype.model.field.ImmutableColumnField';
const TAB = 'com.cms.contenttype.model.field.ImmutableTabDividerField';

interface FieldAnswer {
  id: string;
  name: string;
  variable: string;
  clazz: string;
  sortOrder: number;
}
interface RowAnswer {
  divider: FieldAnswer | null;
  columns?: Array<{ columnDivider: FieldAnswer | null; fields: FieldAnswer[] }>;
}
/** A layout as variables: `[row, [column, field, ...], ...]` per row. */
const shape = (rows: RowAnswer[]) =>
  rows.map((r) => [
    r.divider?.variable ?? null,
    ...(r.columns ?? []).map((c) => [c.columnDivider?.variable ?? null, ...c.fields.map((f) => f.variable)]),
  ]);

testOnSqlite('the v3 field layout: rows, columns, allfields, move, update and delete', async (t, s) => {
  const admin = s.basicAuth();
  await textContentType(s, 'Event', ['title', 'place', 'notes']);
  const base = '/api/v3/contenttype/Event/fields';

  const layout = await s.http('GET', base, { headers: admin });
  t.equal(layout.status, 200);
  t.same(shape(layout.json.entity), [['fields0', ['fields1', 'title', 'place', 'notes']]], 'row, column, fields');
  t.match(layout.json.entity[0].divider, { clazz: ROW, name: 'fields-0', fieldVariables: [] });
  const all: FieldAnswer[] = (await s.http('GET', `/api/v2/contenttype/Event/fields`, { headers: admin })).json.entity;
  const id = (variable: string) => all.find((f) => f.variable === variable)!;

  await s.http('PUT', `/api/v2/contenttype/Event/fields/place`, { headers: admin, body: { required: true } });
  await s.http('PUT', `/api/v2/contenttype/Event/fields/notes`, {
    headers: admin,
    body: { required: true, unique: true },
  });
  const filtered = async (query: string) =>
    (await s.http('GET', `${base}/allfields${query}`, { headers: admin })).json.entity.map(
      (f: FieldAnswer) => f.variable,
    );
  t.same(await filtered(''), ['fields0', 'fields1', 'title', 'place', 'notes'], 'every field, flat');
  t.same(await filtered('?filter=REQUIRED'), ['place', 'notes']);
  t.same(await filtered('?filter=REQUIRED&filter=UNIQUE'), ['notes'], 'every filter applies');
  const unknown = await s.http('GET', `${base}/allfields?filter=COLOURFUL`, { headers: admin });
  t.equal(unknown.status, 400);
  t.match(unknown.json.errors[0], { errorCode: 'FIELD_FILTER_UNKNOWN' });

  // Move: notes first, then a new row with a new column holding title; place under a tab after.
  const moved = await s.http('PUT', `${base}/move`, {
    headers: admin,
    body: {
      layout: [
        {
          divider: id('fields0'),
          columns: [{ columnDivider: id('fields1'), fields: [id('notes')] }],
        },
        {
          divider: { clazz: 'RowField', name: 'x' },
          columns: [{ columnDivider: { clazz: COLUMN, name: 'y' }, fields: [id('title')] }],
        },
        { divider: { clazz: TAB, name: 'More' } },
        {
          divider: { clazz: ROW, name: 'z' },
          columns: [{ columnDivider: { clazz: COLUMN, name: 'w' }, fields: [id('place')] }],
        },
      ],
    },
  });
  t.equal(moved.status, 200, JSON.stringify(moved.json.errors));
  const rows: RowAnswer[] = moved.json.entity;
  t.same(
    rows.map((r) => [r.divider?.clazz, r.divider?.name, (r.columns ?? []).map((c) => c.fields.map((f) => f.variable))]),
    [
      [ROW, 'fields-0', [['notes']]],
      [ROW, 'fields-2', [['title']]],
      [TAB, 'More', []],
      [ROW, 'fields-4', [['place']]],
    ],
    'new rows and columns created where they stand, Rows and Columns renamed as the original does',
  );
  t.same(
    rows
      .flatMap((r) => [r.divider!, ...(r.columns ?? []).flatMap((c) => [c.columnDivider!, ...c.fields])])
      .map((f) => f.sortOrder),
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    'sortOrder follows the layout',
  );
  t.same(shape((await s.http('GET', base, { headers: admin })).json.entity), shape(rows), 'kept');

  for (const [body, problem] of [
    [{ layout: [{ divider: id('fields1'), columns: [] }] }, 'row 1 must have a Row or Tab divider'],
    [{ layout: [{ divider: id('fields0'), columns: [{ columnDivider: id('title'), fields: [] }] }] }, 'Column divider'],
    [{ layout: [{ divider: { clazz: ROW, id: 'nope' }, columns: [] }] }, 'nope is not a field of the type'],
  ] as const) {
    const r = await s.http('PUT', `${base}/move`, { headers: admin, body });
    t.equal(r.status, 400);
    t.match(r.json.errors[0], { errorCode: 'FIELD_LAYOUT_INVALID' });
    t.match(r.json.message, problem);
  }

  const updated = await s.http('PUT', `${base}/${id('title').id}`, {
    headers: admin,
    body: { field: { ...id('title'), name: 'Event title', sortOrder: 99 } },
  });
  t.equal(updated.status, 200);
  const title = updated.json.entity[1].columns[0].fields[0];
  t.match(title, { variable: 'title', name: 'Event title', sortOrder: 5 }, 'the layout keeps its place');
  t.equal((await s.http('PUT', `${base}/nope`, { headers: admin, body: { field: {} } })).status, 404);

  const deleted = await s.http('DELETE', base, { headers: admin, body: { fieldsID: [id('place').id, 'nope'] } });
  t.equal(deleted.status, 200);
  t.same(deleted.json.entity.deletedIds, [id('place').id], 'unknown ids passed over');
  t.same(
    deleted.json.entity.fields.flatMap((r: RowAnswer) =>
      (r.columns ?? []).flatMap((c) => c.fields.map((f) => f.variable)),
    ),
    ['notes', 'title'],
  );
  t.equal((await s.http('GET', '/api/v3/contenttype/Nope/fields', { headers: admin })).status, 404);

  const { auth: reader, roleId } = await userWithNewRole(s);
  t.equal((await s.http('GET', base, { headers: reader })).status, 404, 'a type the role may not read is unknown');
  await s.http('PUT', '/api/v1/permissions/Event', {
    headers: admin,
    body: { permissions: [{ roleId, permissions: ['READ'] }] },
  });
  t.equal((await s.http('GET', base, { headers: reader })).status, 200, 'readers read the layout');
  t.equal((await s.http('DELETE', base, { headers: reader, body: { fieldsID: [id('title').id] } })).status, 403);
  t.equal((await s.http('PUT', `${base}/move`, { headers: reader, body: { layout: [] } })).status, 403);
});
