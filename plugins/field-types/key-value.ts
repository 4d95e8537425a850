import { FieldValueError, type FieldType } from '../../core/plugin/kit.js';
import { fieldClassName } from './class-name.js';
import { describe, scalarText } from './submitted-value.js';

/** A JSON object of key to text, sent as an object or, in the legacy format, as JSON text. */
export const keyValueField: FieldType = {
  className: fieldClassName('KeyValue'),
  dataType: 'LONG_TEXT',
  kind: 'value',
  parse: (value) => {
    const object = typeof value === 'string' ? parseJson(value) : value;
    if (object === null || typeof object !== 'object' || Array.isArray(object)) {
      throw new FieldValueError(`must be a JSON object of key to value strings, not ${describe(object)}`);
    }
    // fromEntries defines own properties, so a `__proto__` key stays an ordinary key.
    return Object.fromEntries(Object.entries(object).map(([key, item]) => [key, entryValue(key, item)]));
  },
  toContentMap: (stored) => stored,
  toIndex: (stored) =>
    stored !== null && typeof stored === 'object'
      ? Object.entries(stored)
          .map(([key, item]) => `${key} ${String(item)}`)
          .join('\n')
      : stored,
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new FieldValueError('must be a JSON object of key to value strings; the text is not valid JSON');
  }
}

function entryValue(key: string, item: unknown): string {
  try {
    return scalarText(item, 'a string');
  } catch {
    throw new FieldValueError(`the value of key "${key}" must be a string, not ${describe(item)}`);
  }
}
