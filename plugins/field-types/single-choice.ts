import { FieldValueError, type FieldDefinitionView, type FieldType } from '../../core/plugin/kit.js';
import { fieldClassName } from './class-name.js';
import { NUMERIC_DATA_TYPES, typedValue } from './data-type.js';
import { fieldOptions, requireOption, validateOptions } from './options.js';
import { scalarText } from './submitted-value.js';

/**
 * Radio and Select: exactly one option value. As in the original, the options may be numbers or
 * booleans (`dataType` INTEGER, FLOAT or BOOL), and the chosen value is stored as one.
 */
export function singleChoiceFieldType(simpleName: string): FieldType {
  return {
    className: fieldClassName(simpleName),
    dataType: 'TEXT',
    dataTypes: ['TEXT', 'BOOL', ...NUMERIC_DATA_TYPES],
    kind: 'value',
    parse: (value, field) =>
      typedValue(requireOption(scalarText(value, 'one option value').trim(), field), field.dataType),
    toContentMap: (stored) => stored,
    toIndex: (stored) => stored,
    validateDefinition: (field) => validateOptions(field) ?? optionTypeProblem(field),
  };
}

/** Every option value must be of the declared data type, or choosing it could never be stored. */
function optionTypeProblem(field: FieldDefinitionView): string | undefined {
  for (const { value } of fieldOptions(field)) {
    try {
      typedValue(value, field.dataType);
    } catch (error) {
      if (!(error instanceof FieldValueError)) throw error;
      return `the option value ${value} ${error.message.replace(/, not .*$/, '')} (dataType ${field.dataType})`;
    }
  }
  return undefined;
}
