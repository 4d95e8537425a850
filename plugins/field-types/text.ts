import { FieldValueError, type FieldType } from '../../core/plugin/kit.js';
import { fieldClassName } from './class-name.js';
import { scalarText } from './submitted-value.js';

/** The most a text value holds, in UTF-8 bytes: the size of the column the original used. */
export const MAX_TEXT_BYTES = 64 * 1024;

export const textField: FieldType = {
  className: fieldClassName('Text'),
  dataType: 'TEXT',
  kind: 'value',
  parse: (value) => {
    const text = scalarText(value);
    if (Buffer.byteLength(text, 'utf8') > MAX_TEXT_BYTES)
      throw new FieldValueError(`must be at most ${MAX_TEXT_BYTES} bytes long`);
    return text;
  },
  toContentMap: (stored) => stored,
  toIndex: (stored) => stored,
};
