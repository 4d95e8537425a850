import t from 'tap';
import { checkboxField } from '../../../plugins/field-types/checkbox.js';
import { constantField } from '../../../plugins/field-types/constant.js';
import { hiddenField } from '../../../plugins/field-types/hidden.js';
import { multiSelectField } from '../../../plugins/field-types/multi-select.js';
import { fieldOptions } from '../../../plugins/field-types/options.js';
import { radioField } from '../../../plugins/field-types/radio.js';
import { selectField } from '../../../plugins/field-types/select.js';
import { acceptsAll, field, memoryContext, refusesAll } from './fixtures/table.js';

/** Windows line ends, blank lines, a line without a pipe, and a label with blanks around the pipe. */
const colours = field({ name: 'Colours', values: 'Red|r\r\nGreen | g\n\nblue\nDark Blue|dark blue' });

t.test('options are Label|value lines; a line without a pipe is both', async (t) => {
  t.strictSame(fieldOptions(colours), [
    { label: 'Red', value: 'r' },
    { label: 'Green', value: 'g' },
    { label: 'blue', value: 'blue' },
    { label: 'Dark Blue', value: 'dark blue' },
  ]);
  t.strictSame(fieldOptions(field({ values: null })), []);
});

t.test('Checkbox and Multi-Select: option values, comma-separated or as an array, in the order sent', async (t) => {
  t.equal(checkboxField.dataType, 'TEXT');
  t.equal(multiSelectField.dataType, 'LONG_TEXT');
  for (const type of [checkboxField, multiSelectField]) {
    await acceptsAll(
      t,
      type,
      [
        ['r', 'r'],
        ['g,r', 'g,r'],
        [' r , blue ,', 'r,blue'],
        ['r,r,g', 'r,g'],
        ['dark blue', 'dark blue'],
        [['blue', 'g'], 'blue,g'],
        [[], ''],
      ],
      colours,
    );
    await refusesAll(
      t,
      type,
      [
        ['Red', /"Red" is not one of the options of Colours: r, g, blue, dark blue/],
        ['r,x', /"x" is not one of the options/],
        ['R', /"R" is not one of the options/],
        [[{ v: 'r' }], /must be a list of strings, not an object/],
        [{ r: true }, /must be a comma-separated list, not an object/],
      ],
      colours,
    );
  }
});

t.test('Radio and Select: exactly one option value', async (t) => {
  for (const type of [radioField, selectField]) {
    t.equal(type.dataType, 'TEXT');
    await acceptsAll(
      t,
      type,
      [
        ['g', 'g'],
        [' blue ', 'blue'],
        ['dark blue', 'dark blue'],
      ],
      colours,
    );
    await acceptsAll(
      t,
      type,
      [
        [true, 'true'],
        [1, '1'],
      ],
      field({ values: 'Yes|true\nOne|1' }),
    );
    await refusesAll(
      t,
      type,
      [
        ['Green', /"Green" is not one of the options of Colours: r, g, blue, dark blue/],
        ['r,g', /"r,g" is not one of the options/],
        [['r'], /must be one option value, not an array/],
      ],
      colours,
    );
  }
});

t.test(
  'Radio and Select with dataType INTEGER, FLOAT or BOOL: the chosen option stored as a number or boolean',
  async (t) => {
    for (const type of [radioField, selectField]) {
      t.strictSame(type.dataTypes, ['TEXT', 'BOOL', 'INTEGER', 'FLOAT']);
      const sizes = field({ name: 'Size', dataType: 'INTEGER', values: 'Small|1\nLarge|10' });
      await acceptsAll(
        t,
        type,
        [
          ['10', 10],
          [1, 1],
        ],
        sizes,
      );
      await refusesAll(t, type, [['2', /"2" is not one of the options of Size: 1, 10/]], sizes);
      await acceptsAll(t, type, [['0.5', 0.5]], field({ dataType: 'FLOAT', values: 'Half|0.5' }));
      const flags = field({ dataType: 'BOOL', values: 'Yes|true\nNo|false' });
      await acceptsAll(
        t,
        type,
        [
          [true, true],
          ['false', false],
        ],
        flags,
      );
      t.equal(type.validateDefinition?.(sizes), undefined);
      t.match(
        type.validateDefinition?.(field({ dataType: 'INTEGER', values: 'One|1\nMany|lots' })),
        /the option value lots must be a whole number/,
      );
      t.match(type.validateDefinition?.(field({ dataType: 'BOOL', values: 'Yes|yes' })), /must be true or false/);
    }
  },
);

t.test('the option types need at least one option in their definition', async (t) => {
  for (const type of [checkboxField, multiSelectField, radioField, selectField]) {
    t.equal(type.validateDefinition?.(colours), undefined, `${type.className} with options`);
    for (const values of [null, '', ' \n\r\n ']) {
      t.match(
        type.validateDefinition?.(field({ values })),
        /at least one option/,
        `${type.className} with ${JSON.stringify(values)}`,
      );
    }
  }
});

t.test('Constant and Hidden: the field value, whatever is submitted', async (t) => {
  for (const type of [constantField, hiddenField]) {
    t.equal(type.kind, 'fixed');
    t.equal(type.dataType, 'SYSTEM');
    await acceptsAll(
      t,
      type,
      [
        ['anything', 'the constant'],
        [{ an: 'object' }, 'the constant'],
        [5, 'the constant'],
      ],
      field({ values: 'the constant' }),
    );
    t.equal(await type.parse('x', field({ values: null }), memoryContext()), '', 'no values: empty');
    t.equal(type.toContentMap('the constant', field()), 'the constant');
  }
});
