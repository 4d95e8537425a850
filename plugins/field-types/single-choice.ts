import type { FieldType } from '../../core/plugin/kit.js';
import { fieldClassName } from './class-name.js';
import { requireOption, validateOptions } from './options.js';
import { scalarText } from './submitted-value.js';

/** Radio and Select: exactly one option value. */
export function singleChoiceFieldType(simpleName: string): FieldType {
  return {
    className: fieldClassName(simpleName),
    dataType: 'TEXT',
    kind: 'value',
    parse: (value, field) => requireOption(scalarText(value, 'one option value').trim(), field),
    toContentMap: (stored) => stored,
    toIndex: (stored) => stored,
    validateDefinition: validateOptions,
  };
}
