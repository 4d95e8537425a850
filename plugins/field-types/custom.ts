import type { FieldType } from '../../core/plugin/kit.js';
import { fieldClassName } from './class-name.js';

/**
 * The value is whatever the field's own code formats; structured values are kept as JSON text.
 * `TEXT` is taken too: the original's page fields (title, template) are Custom fields of that type.
 */
export const customField: FieldType = {
  className: fieldClassName('Custom'),
  dataType: 'LONG_TEXT',
  dataTypes: ['LONG_TEXT', 'TEXT'],
  kind: 'value',
  parse: (value) => (typeof value === 'string' ? value : JSON.stringify(value)),
  toContentMap: (stored) => stored,
  toIndex: (stored) => stored,
};
