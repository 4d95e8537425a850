import type { ContentType, Field } from '../../kit.js';
import type { ContractTest } from '../contract-test.js';
import type { OpenStorage } from './open-storage.js';
import { RecordNotUnique, definitionField, definitionType } from './fixtures.js';

/** Content types, fields and their variables, and references to missing records. */
export function definitionSuite(t: ContractTest, open: OpenStorage): void {
  t.test('a reference to a missing record is refused as a bad request, not a fault', async (t) => {
    const s = await open(t);
    const refused = await s.fields.insert(definitionField('f-orphan', 'no-such-type')).then(
      () => undefined,
      (error: unknown) => error as { code?: string; kind?: string; details?: Array<{ fieldName: string | null }> },
    );
    t.match(refused, { code: 'STORAGE_REFERENCE_MISSING', kind: 'invalid' });
    // MySQL names the column; SQLite does not say which key failed.
    t.ok([null, 'content_type_id'].includes(refused?.details?.[0]?.fieldName ?? null));
    t.equal(await s.fields.findById('f-orphan'), undefined);
  });

  t.test('content types and fields', async (t) => {
    const s = await open(t);
    const type = (id: string, name: string, variable: string, workflows: string[] = []): ContentType => ({
      ...definitionType(id),
      name,
      description: 'd',
      variable,
      workflows,
    });
    await s.contentTypes.insert(type('t1', 'Blog Post', 'BlogPost', ['w2', 'w1']));
    await s.contentTypes.insert(type('t2', 'Article_%', 'article'));
    await t.rejects(
      s.contentTypes.insert(type('t3', 'Other', 'blogpost')),
      RecordNotUnique,
      'variables are unique, ignoring case',
    );
    t.same(
      await s.contentTypes.findByVariable('BLOGPOST'),
      type('t1', 'Blog Post', 'BlogPost', ['w2', 'w1']),
      'workflow order kept',
    );
    t.same(
      (await s.contentTypes.list({ offset: 0, limit: 10 })).items.map((x) => x.id),
      ['t2', 't1'],
    );
    t.same(
      (await s.contentTypes.list({ offset: 0, limit: 10, filter: 'POST' })).items.map((x) => x.id),
      ['t1'],
    );
    t.same(
      await s.contentTypes.list({ offset: 0, limit: 10, filter: '_%' }),
      { items: [type('t2', 'Article_%', 'article')], total: 1 },
      '% and _ are plain characters in a filter',
    );
    await s.contentTypes.insert({ ...type('t4', 'blog roll', 'roll'), sortOrder: 9, modDate: 3 });
    const typeIds = (sort: NonNullable<Parameters<typeof s.contentTypes.list>[0]['sort']>) =>
      s.contentTypes.list({ offset: 0, limit: 10, sort }).then((p) => p.items.map((x) => x.id));
    t.same(await typeIds({ column: 'name', descending: false }), ['t2', 't1', 't4'], 'names ignoring case');
    t.same(await typeIds({ column: 'name', descending: true }), ['t4', 't1', 't2']);
    t.same(await typeIds({ column: 'variable', descending: false }), ['t2', 't1', 't4']);
    t.same(await typeIds({ column: 'sortOrder', descending: true }), ['t4', 't1', 't2'], 'ties by id');
    t.same(await typeIds({ column: 'modDate', descending: true }), ['t4', 't1', 't2']);
    await s.contentTypes.insert({ ...type('t5', 'Site page', 'sitePage'), host: 'site-1', baseType: 'HTMLPAGE' });
    const filtered = (query: Omit<Parameters<typeof s.contentTypes.list>[0], 'offset' | 'limit'>) =>
      s.contentTypes.list({ offset: 0, limit: 10, ...query }).then((p) => [p.items.map((x) => x.id), p.total]);
    t.same(await filtered({ hosts: ['site-1'] }), [['t5'], 1], 'by site');
    t.same(await filtered({ hosts: ['SYSTEM_HOST'], baseTypes: ['CONTENT'] }), [['t2', 't1', 't4'], 3], 'by base type');
    t.same(await filtered({ baseTypes: ['HTMLPAGE', 'FORM'] }), [['t5'], 1]);
    t.same(await filtered({ variables: ['ROLL', 'article'] }), [['t2', 't4'], 2], 'by variables, ignoring case');
    t.same(await filtered({ variables: [] }), [[], 0], 'an empty list matches nothing');
    t.same(await filtered({ variables: ['roll'], filter: 'blog' }), [['t4'], 1], 'with the name filter');
    await s.contentTypes.delete('t5');
    await s.contentTypes.delete('t4');
    t.same(await s.contentTypes.idsBoundTo('w1'), ['t1'], 'the types bound to a scheme');
    t.same(await s.contentTypes.idsBoundTo('w9'), []);
    await s.contentTypes.update({ ...type('t1', 'Blog', 'BlogPost', ['w3']), modDate: 5 });
    t.match(await s.contentTypes.findById('t1'), { name: 'Blog', workflows: ['w3'], modDate: 5 });
    t.same(await s.contentTypes.idsBoundTo('w1'), [], 'bindings follow updates');

    const field = (id: string, variable: string, sortOrder: number): Field => ({
      id,
      contentTypeId: 't1',
      clazz: 'com.cms.contenttype.model.field.ImmutableTextField',
      name: variable,
      variable,
      dataType: 'TEXT',
      sortOrder,
      regexCheck: null,
      defaultValue: null,
      hint: 'h',
      values: null,
      required: true,
      searchable: false,
      indexed: true,
      listed: false,
      unique: false,
      readOnly: false,
      fixed: false,
      relationType: null,
      // Variable ids are unique across fields, as ids are.
      fieldVariables: [{ id: `v-${id}`, key: 'k', value: 'v' }],
      modDate: 1,
      iDate: 1,
    });
    await s.fields.insert(field('f2', 'body', 2));
    await s.fields.insert(field('f1', 'title', 1));
    await t.rejects(
      s.fields.insert(field('f3', 'Title', 3)),
      RecordNotUnique,
      'field variables are unique within a type',
    );
    t.same(
      (await s.fields.listByType('t1')).map((f) => f.id),
      ['f1', 'f2'],
    );
    t.same(await s.fields.findById('f1'), field('f1', 'title', 1), 'field variables round-trip');
    await s.fields.update({ ...field('f1', 'title', 5), hint: null });
    t.match(await s.fields.findById('f1'), { sortOrder: 5, hint: null });
    await s.fields.delete('f2');
    t.same(
      (await s.fields.listByType('t1')).map((f) => f.id),
      ['f1'],
    );
    await s.contentTypes.delete('t1');
    t.equal(await s.contentTypes.findById('t1'), undefined);
    t.equal(await s.fields.findById('f1'), undefined, 'fields go with their type');
  });

  t.test('field variables: one row each, kept in the order added, keys unique per field and exact', async (t) => {
    const s = await open(t);
    await s.contentTypes.insert(definitionType('tv'));
    await s.fields.insert({ ...definitionField('fv', 'tv'), fieldVariables: [{ id: 'a', key: 'a', value: '1' }] });
    await s.fields.insert({ ...definitionField('fw', 'tv'), variable: 'other' });
    const keys = async (id = 'fv') => (await s.fields.findById(id))!.fieldVariables.map((v) => `${v.key}=${v.value}`);
    // Three in the same millisecond still list in the order they were added.
    // (Ids differ by more than case: MySQL compares ids ignoring it.)
    for (const [n, key] of ['c', 'b', 'B'].entries()) {
      await s.fields.insertVariable('fv', { id: `id-${key}${n}`, key, value: key }, 5);
    }
    t.same(await keys(), ['a=1', 'c=c', 'b=b', 'B=B'], 'keys differing in case are different keys');
    await t.rejects(s.fields.insertVariable('fv', { id: 'dup', key: 'b', value: 'x' }, 6), RecordNotUnique);
    await s.fields.insertVariable('fw', { id: 'fw-b', key: 'b', value: 'other field' }, 6);
    await s.fields.updateVariable('fv', { id: 'id-c0', key: 'c2', value: 'changed' }, 7);
    await t.rejects(s.fields.updateVariable('fv', { id: 'id-c0', key: 'a', value: 'x' }, 8), RecordNotUnique);
    await s.fields.deleteVariable('fv', 'id-b1');
    await s.fields.deleteVariable('fv', 'fw-b');
    t.same(await keys(), ['a=1', 'c2=changed', 'B=B'], 'a variable of another field is not deleted through this one');
    await s.fields.update({ ...(await s.fields.findById('fv'))!, fieldVariables: [], hint: 'updated' });
    t.same(await keys(), ['a=1', 'c2=changed', 'B=B'], 'a field update leaves its variables alone');
    await s.fields.replaceVariables(
      'fv',
      [
        { id: 'r1', key: 'z', value: '' },
        { id: 'r2', key: 'y', value: '' },
      ],
      9,
    );
    t.same(await keys(), ['z=', 'y=']);
    await s.fields.delete('fw');
    await s.fields.insert({
      ...definitionField('fw', 'tv'),
      variable: 'other',
      fieldVariables: [{ id: 'fw-b', key: 'b', value: '' }],
    });
    t.same(await keys('fw'), ['b='], 'the variables of a deleted field went with it');
    await s.contentTypes.delete('tv');
    await s.contentTypes.insert(definitionType('tv'));
    await s.fields.insert({ ...definitionField('fv', 'tv'), fieldVariables: [{ id: 'r1', key: 'z', value: '' }] });
    t.same(await keys(), ['z='], 'and those of a deleted type too');
  });
}
