import t from 'tap';
import { Config } from '../../../core/config/config.js';
import { silentLogger } from '../../../core/logger.js';
import { FIELD_CLASS_PACKAGE, canonicalFieldClassName } from '../../../core/plugin/field-type.js';
import { PLUGIN_API_VERSION } from '../../../core/plugin/plugin.js';
import { PluginRegistry } from '../../../core/plugin/registry.js';
import fieldTypesPlugin from '../../../plugins/field-types/index.js';
import { field, memoryContext } from './fixtures/table.js';

const SIMPLE_NAMES = [
  'Text',
  'TextArea',
  'Wysiwyg',
  'Date',
  'Time',
  'DateTime',
  'Checkbox',
  'MultiSelect',
  'Radio',
  'Select',
  'Constant',
  'Hidden',
  'Custom',
  'KeyValue',
  'Tag',
  'Category',
  'HostFolder',
  'File',
  'Image',
  'Binary',
  'Relationship',
  'Row',
  'Column',
  'TabDivider',
  'LineDivider',
];

async function contributions() {
  return fieldTypesPlugin.setup({ config: new Config(), logger: silentLogger, dataDir: '/nonexistent' });
}

t.test('the plugin registers every built-in field type exactly once', async (t) => {
  t.equal(fieldTypesPlugin.name, 'field-types-builtin');
  t.equal(fieldTypesPlugin.apiVersion, PLUGIN_API_VERSION);
  const types = (await contributions()).fieldTypes ?? [];
  const classNames = types.map((type) => type.className);
  t.strictSame(
    [...classNames].sort(),
    SIMPLE_NAMES.map((name) => `${FIELD_CLASS_PACKAGE}Immutable${name}Field`).sort(),
  );
  t.equal(new Set(classNames).size, classNames.length, 'no class name twice');
  for (const name of classNames) t.equal(canonicalFieldClassName(name), name, `${name} is already canonical`);
  const registry = new PluginRegistry();
  registry.add(fieldTypesPlugin.name, await contributions());
  t.equal(registry.fieldTypes.keys().length, 25, 'the registry takes them all');
  t.equal(registry.fieldTypes.get(canonicalFieldClassName('TextField'))?.dataType, 'TEXT');
  const again = await contributions();
  t.throws(
    () => registry.add('another', again),
    { message: /contributed by both plugin field-types-builtin and plugin another/ },
    'a second registration is refused',
  );
});

t.test('TextField, ImmutableTextField and the qualified forms are one key', async (t) => {
  const key = `${FIELD_CLASS_PACKAGE}ImmutableTextField`;
  for (const name of [
    'TextField',
    'ImmutableTextField',
    `${FIELD_CLASS_PACKAGE}TextField`,
    `${FIELD_CLASS_PACKAGE}ImmutableTextField`,
  ]) {
    t.equal(canonicalFieldClassName(name), key, name);
  }
  t.equal(canonicalFieldClassName('com.other.TextField'), 'com.other.TextField', 'another package is left alone');
});

t.test('value types, fixed types and layout types', async (t) => {
  const types = (await contributions()).fieldTypes ?? [];
  const kind = (name: string) => types.find((type) => type.className.endsWith(`.Immutable${name}Field`))?.kind;
  for (const name of ['Row', 'Column', 'TabDivider', 'LineDivider']) t.equal(kind(name), 'layout', name);
  for (const name of ['Constant', 'Hidden']) t.equal(kind(name), 'fixed', name);
  t.equal(types.filter((type) => type.kind === 'value').length, 19);
  for (const type of types.filter((type) => type.kind === 'layout')) {
    t.equal(type.dataType, 'SYSTEM');
    await t.rejects(
      async () => type.parse('x', field(), memoryContext()),
      { name: 'FieldValueError', message: /holds no value/ },
      type.className,
    );
    t.equal(type.toContentMap(undefined, field()), undefined);
  }
});
