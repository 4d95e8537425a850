import type { FieldType } from '../../core/plugin/kit.js';
import { fieldClassName } from './class-name.js';
import { requireOption, validateOptions } from './options.js';
import { listItems } from './submitted-value.js';

/**
 * Checkbox and Multi-Select: several option values, comma-separated or as an array. Stored as the
 * comma-joined values in the order sent, the form the original stores.
 */
export function multipleChoiceFieldType(simpleName: string, dataType: string): FieldType {
  return {
    className: fieldClassName(simpleName),
    dataType,
    kind: 'value',
    parse: (value, field) => [...new Set(listItems(value).map((item) => requireOption(item, field)))].join(','),
    toContentMap: (stored) => stored,
    toIndex: (stored) => stored,
    validateDefinition: validateOptions,
  };
}
