import t from 'tap';
import { searchMappingOf, type FieldDefinitionView, type FieldType } from '../../../core/plugin/field-type.js';

/** A field declared with the data type of its type, as definitions are unless they choose another. */
const type = (dataType: string, extra: Partial<FieldType> = {}): [FieldType, FieldDefinitionView] => [
  {
    className: 'com.acme.X',
    dataType,
    kind: 'value',
    parse: (v) => v,
    toContentMap: (v) => v,
    toIndex: (v) => v,
    ...extra,
  },
  { variable: 'v', name: 'V', values: null, defaultValue: null, required: false, fieldVariables: [], dataType },
];
const mapping = ([fieldType, field]: [FieldType, FieldDefinitionView]) => searchMappingOf(fieldType, field);

t.test("a field's search mapping follows its data type unless the field type says", async (t) => {
  t.same(mapping(type('TEXT')), { type: 'text' });
  t.same(mapping(type('LONG_TEXT')), { type: 'text' });
  t.same(mapping(type('DATE')), { type: 'date' });
  t.same(mapping(type('INTEGER')), { type: 'long' });
  t.same(mapping(type('FLOAT')), { type: 'double' });
  t.same(mapping(type('BOOL')), { type: 'boolean' });
  t.same(mapping(type('SYSTEM')), { type: 'keyword' }, 'unknown data types are exact values');
  t.same(mapping(type('TEXT', { searchMapping: () => ({ type: 'keyword' }) })), { type: 'keyword' });
  t.same(mapping(type('SYSTEM', { kind: 'layout' })), { type: 'none' }, 'layout fields hold nothing');
});

t.test('a Text field declared INTEGER maps as a number', async (t) => {
  const [text, field] = type('TEXT');
  t.same(searchMappingOf(text, { ...field, dataType: 'INTEGER' }), { type: 'long' });
});
