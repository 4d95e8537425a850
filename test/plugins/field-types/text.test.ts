import t from 'tap';
import { customField } from '../../../plugins/field-types/custom.js';
import { keyValueField } from '../../../plugins/field-types/key-value.js';
import { textAreaField } from '../../../plugins/field-types/text-area.js';
import { MAX_TEXT_BYTES, textField } from '../../../plugins/field-types/text.js';
import { wysiwygField } from '../../../plugins/field-types/wysiwyg.js';
import { acceptsAll, field, refusesAll } from './fixtures/table.js';

t.test('Text: strings as sent, scalars as text, structures refused, at most 64 KiB', async (t) => {
  t.equal(textField.dataType, 'TEXT');
  await acceptsAll(t, textField, [
    ['hello', 'hello'],
    ['  spaced  ', '  spaced  '],
    ['100%0A', '100%0A'],
    [42, '42'],
    [1.5, '1.5'],
    [true, 'true'],
    [false, 'false'],
    ['é'.repeat(MAX_TEXT_BYTES / 2), 'é'.repeat(MAX_TEXT_BYTES / 2)],
  ]);
  await refusesAll(t, textField, [
    [{ a: 1 }, /must be text, not an object/],
    [['a'], /must be text, not an array/],
    ['x'.repeat(MAX_TEXT_BYTES + 1), /at most 65536 bytes/],
    ['é'.repeat(MAX_TEXT_BYTES / 2 + 1), /at most 65536 bytes/],
  ]);
});

t.test('Text with dataType INTEGER or FLOAT: numbers, from JSON or their text, stored as numbers', async (t) => {
  t.strictSame(textField.dataTypes, ['TEXT', 'LONG_TEXT', 'INTEGER', 'FLOAT']);
  const integer = field({ name: 'Count', dataType: 'INTEGER' });
  await acceptsAll(
    t,
    textField,
    [
      [42, 42],
      [-7, -7],
      [' 12 ', 12],
      ['+3', 3],
      [2.0, 2],
      [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
      [String(Number.MIN_SAFE_INTEGER), Number.MIN_SAFE_INTEGER],
    ],
    integer,
  );
  await refusesAll(
    t,
    textField,
    [
      [1.5, /must be a whole number from -9007199254740991 to 9007199254740991, not 1.5/],
      ['1.5', /whole number .* not "1.5"/],
      ['abc', /whole number .* not "abc"/],
      ['1e3', /whole number/],
      [2 ** 53, /whole number/],
      ['99999999999999999999', /whole number/],
      [true, /whole number .* not true/],
      [{ n: 1 }, /whole number .* not an object/],
    ],
    integer,
  );
  const float = field({ name: 'Price', dataType: 'FLOAT' });
  await acceptsAll(
    t,
    textField,
    [
      [1.5, 1.5],
      ['-0.25', -0.25],
      ['.5', 0.5],
      ['1e3', 1000],
      [3, 3],
    ],
    float,
  );
  await refusesAll(
    t,
    textField,
    [
      ['abc', /must be a number, not "abc"/],
      ['1.2.3', /must be a number/],
      ['1e999', /must be a number/],
      [false, /must be a number, not false/],
    ],
    float,
  );
  t.equal(textField.validateDefinition?.(field({ dataType: 'INTEGER', defaultValue: '5' })), undefined);
  t.match(
    textField.validateDefinition?.(field({ dataType: 'INTEGER', defaultValue: 'five' })),
    /^defaultValue must be a whole number/,
  );
  t.equal(textField.validateDefinition?.(field({ dataType: 'TEXT', defaultValue: 'five' })), undefined);
});

t.test('Textarea and WYSIWYG: percent codes are decoded for control characters only', async (t) => {
  for (const type of [textAreaField, wysiwygField]) {
    t.equal(type.dataType, 'LONG_TEXT');
    await acceptsAll(t, type, [
      ['line one%0D%0Aline two', 'line one\r\nline two'],
      ['tab%09here%7f', 'tab\there\x7f'],
      ['%1b%1F%00', '\x1b\x1f\x00'],
      ['100% sure', '100% sure'],
      ['a%20b %41 %7E %80 %zz %', 'a%20b %41 %7E %80 %zz %'],
      ['<p>50%25 off</p>', '<p>50%25 off</p>'],
      ['already\nreal', 'already\nreal'],
      [7, '7'],
    ]);
    await refusesAll(t, type, [
      [{ html: '<p/>' }, /must be text, not an object/],
      [[1], /must be text, not an array/],
    ]);
  }
});

t.test('Custom: strings as sent, anything else as JSON text', async (t) => {
  await acceptsAll(t, customField, [
    ['<b>as formatted</b>', '<b>as formatted</b>'],
    [{ a: [1, 2] }, '{"a":[1,2]}'],
    [[1, 'two'], '[1,"two"]'],
    [3, '3'],
    [true, 'true'],
  ]);
});

t.test('Key/Value: an object of strings, sent as an object or as JSON text', async (t) => {
  await acceptsAll(t, keyValueField, [
    [
      { a: 'one', b: 'two' },
      { a: 'one', b: 'two' },
    ],
    ['{"a":"one","b":"two"}', { a: 'one', b: 'two' }],
    [
      { n: 5, yes: true },
      { n: '5', yes: 'true' },
    ],
    ['{}', {}],
    [{ '': 'empty key' }, { '': 'empty key' }],
  ]);
  const proto = (await keyValueField.parse('{"__proto__":"x"}', field(), undefined as never)) as Record<string, string>;
  t.equal(Object.getPrototypeOf(proto), Object.prototype, 'a __proto__ key does not change the prototype');
  t.equal(Object.getOwnPropertyDescriptor(proto, '__proto__')?.value, 'x', 'it is kept as an ordinary key');
  await refusesAll(t, keyValueField, [
    ['not json', /not valid JSON/],
    ['{"a":', /not valid JSON/],
    ['[1,2]', /JSON object of key to value strings, not an array/],
    ['"text"', /not a string/],
    ['null', /not null/],
    [['a'], /not an array/],
    [5, /not a number/],
    [{ a: { nested: 'x' } }, /value of key "a" must be a string, not an object/],
    [{ a: ['x'] }, /value of key "a" must be a string, not an array/],
    ['{"a":null}', /value of key "a" must be a string, not null/],
  ]);
  t.equal(keyValueField.toIndex({ a: 'one', b: 'two' }, field()), 'a one\nb two', 'indexed as searchable text');
  t.strictSame(keyValueField.toContentMap({ a: 'one' }, field()), { a: 'one' });
});
