import t from 'tap';
import { relationshipCardinality, relationshipField } from '../../../plugins/field-types/relationship.js';
import { acceptsAll, field, refusesAll } from './fixtures/table.js';

const A = '0b8d3e1c-7a2f-4a55-9b0c-2d3e4f5a6b7c';
const B = 'f3e2d1c0-b9a8-4765-8432-10fedcba9876';
const SHORT = '0b8d3e1c7a';
const QUERY = '+contentType:News +languageId:1';

const related = (cardinality: string) =>
  field({ name: 'Related', relationType: 'News', fieldVariables: [{ key: 'cardinality', value: cardinality }] });

t.test('identifiers and Lucene queries, comma-separated or as an array, in order, without repeats', async (t) => {
  await acceptsAll(
    t,
    relationshipField,
    [
      [A, { items: [A] }],
      [`${A},${B}`, { items: [A, B] }],
      [` ${B} , ${A} ,`, { items: [B, A] }],
      [`${A},${A.toUpperCase()},${B}`, { items: [A, B] }],
      [SHORT, { items: [SHORT] }],
      [SHORT.toUpperCase(), { items: [SHORT] }],
      [QUERY, { items: [QUERY] }],
      [`${A},${QUERY}`, { items: [A, QUERY] }],
      [[A, QUERY], { items: [A, QUERY] }],
      [',', { items: [] }],
      [[], { items: [] }],
    ],
    related('MANY_TO_MANY'),
  );
  await refusesAll(
    t,
    relationshipField,
    [
      ['not-an-id', /"not-an-id" is neither a content identifier nor a Lucene query/],
      ['0b8d3e1c7', /"0b8d3e1c7" is neither/],
      [`${A},abc`, /"abc" is neither/],
      [{ items: [A] }, /comma-separated list, not an object/],
    ],
    related('MANY_TO_MANY'),
  );
  t.strictSame(relationshipField.toContentMap({ items: [A] }, related('ONE_TO_MANY')), [A]);
});

t.test('ONE_TO_ONE and MANY_TO_ONE take at most one item', async (t) => {
  for (const cardinality of ['ONE_TO_ONE', 'MANY_TO_ONE', '2', '3']) {
    await acceptsAll(
      t,
      relationshipField,
      [
        [A, { items: [A] }],
        [QUERY, { items: [QUERY] }],
        [`${A},${A}`, { items: [A] }],
      ],
      related(cardinality),
    );
    await refusesAll(
      t,
      relationshipField,
      [[`${A},${B}`, /relationship takes at most one item, not 2/]],
      related(cardinality),
    );
  }
  for (const cardinality of ['ONE_TO_MANY', 'MANY_TO_MANY']) {
    await acceptsAll(t, relationshipField, [[`${A},${B}`, { items: [A, B] }]], related(cardinality));
  }
  await refusesAll(
    t,
    relationshipField,
    [[`${A},${B}`, /ONE_TO_ONE relationship takes at most one/]],
    field({ relationType: 'News', values: '2' }),
  );
});

t.test('the cardinality: a field variable (name or index), else values 0-3 as the original stores it', async (t) => {
  const cases: ReadonlyArray<readonly [Parameters<typeof field>[0], string | undefined]> = [
    [{ values: '0' }, 'ONE_TO_MANY'],
    [{ values: '1' }, 'MANY_TO_MANY'],
    [{ values: '2' }, 'ONE_TO_ONE'],
    [{ values: ' 3 ' }, 'MANY_TO_ONE'],
    [{ values: '4' }, undefined],
    [{ values: null }, undefined],
    [{ fieldVariables: [{ key: 'cardinality', value: 'one_to_one' }] }, 'ONE_TO_ONE'],
    [{ fieldVariables: [{ key: 'cardinality', value: '1' }] }, 'MANY_TO_MANY'],
    [{ fieldVariables: [{ key: 'cardinality', value: 'MANY_TO_ONE' }], values: '0' }, 'MANY_TO_ONE'],
    [{ fieldVariables: [{ key: 'cardinality', value: 'SOME' }], values: '0' }, 'ONE_TO_MANY'],
    [{ fieldVariables: [{ key: 'other', value: 'ONE_TO_ONE' }] }, undefined],
  ];
  for (const [overrides, cardinality] of cases)
    t.equal(relationshipCardinality(field(overrides)), cardinality, JSON.stringify(overrides));
});

t.test('the definition needs a related type and a cardinality', async (t) => {
  const check = (overrides: Parameters<typeof field>[0]) => relationshipField.validateDefinition?.(field(overrides));
  t.equal(check({ relationType: 'News', values: '0' }), undefined);
  t.equal(check({ relationType: 'News', fieldVariables: [{ key: 'cardinality', value: 'ONE_TO_ONE' }] }), undefined);
  t.match(check({ relationType: null, values: '0' }), /relationType must name the related content type/);
  t.match(check({ relationType: '  ', values: '0' }), /relationType must name/);
  t.match(
    check({ relationType: 'News' }),
    /cardinality must be one of ONE_TO_MANY, MANY_TO_MANY, ONE_TO_ONE, MANY_TO_ONE/,
  );
  t.match(check({ relationType: 'News', values: '7' }), /cardinality must be one of/);
});
