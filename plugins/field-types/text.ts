import { FieldValueError, type FieldType } from '../../core/plugin/kit.js';
import { fieldClassName } from './class-name.js';
import { NUMERIC_DATA_TYPES, typedValue } from './data-type.js';

/** The most a text value holds, in UTF-8 bytes: the size of the column the original used. */
export const MAX_TEXT_BYTES = 64 * 1024;

/** Text, or (declared `dataType: INTEGER` or `FLOAT`) a number, as the original's Text field. */
export const textField: FieldType = {
  className: fieldClassName('Text'),
  dataType: 'TEXT',
  dataTypes: ['TEXT', 'LONG_TEXT', ...NUMERIC_DATA_TYPES],
  kind: 'value',
  parse: (value, field) => {
    const typed = typedValue(value, field.dataType);
    if (typeof typed === 'string' && Buffer.byteLength(typed, 'utf8') > MAX_TEXT_BYTES)
      throw new FieldValueError(`must be at most ${MAX_TEXT_BYTES} bytes long`);
    return typed;
  },
  toContentMap: (stored) => stored,
  toIndex: (stored) => stored,
  validateDefinition: (field) => defaultValueProblem(field.defaultValue, field.dataType),
};

/** A default value the data type could never store would fail every save that leaves the field out. */
export function defaultValueProblem(defaultValue: string | null, dataType: string): string | undefined {
  if (!defaultValue) return undefined;
  try {
    typedValue(defaultValue, dataType);
    return undefined;
  } catch (error) {
    if (!(error instanceof FieldValueError)) throw error;
    return `defaultValue ${error.message}`;
  }
}
