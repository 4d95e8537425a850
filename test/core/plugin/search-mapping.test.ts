import t from 'tap';
import { searchMappingOf, type FieldDefinitionView, type FieldType } from '../../../core/plugin/field-type.js';

const field: FieldDefinitionView = {
  variable: 'v',
  name: 'V',
  values: null,
  defaultValue: null,
  required: false,
  fieldVariables: [],
};
const type = (dataType: string, extra: Partial<FieldType> = {}): FieldType => ({
  className: 'com.acme.X',
  dataType,
  kind: 'value',
  parse: (v) => v,
  toContentMap: (v) => v,
  toIndex: (v) => v,
  ...extra,
});

t.test("a field's search mapping follows its data type unless the field type says", async (t) => {
  t.same(searchMappingOf(type('TEXT'), field), { type: 'text' });
  t.same(searchMappingOf(type('LONG_TEXT'), field), { type: 'text' });
  t.same(searchMappingOf(type('DATE'), field), { type: 'date' });
  t.same(searchMappingOf(type('INTEGER'), field), { type: 'long' });
  t.same(searchMappingOf(type('FLOAT'), field), { type: 'double' });
  t.same(searchMappingOf(type('BOOL'), field), { type: 'boolean' });
  t.same(searchMappingOf(type('SYSTEM'), field), { type: 'keyword' }, 'unknown data types are exact values');
  t.same(searchMappingOf(type('TEXT', { searchMapping: () => ({ type: 'keyword' }) }), field), { type: 'keyword' });
  t.same(searchMappingOf(type('SYSTEM', { kind: 'layout' }), field), { type: 'none' }, 'layout fields hold nothing');
});
