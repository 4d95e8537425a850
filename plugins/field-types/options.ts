import { FieldValueError, type FieldDefinitionView } from '../../core/plugin/kit.js';

export interface FieldOption {
  label: string;
  value: string;
}

/** The options of `values`: one `Label|value` line each; a line without a pipe is both label and value. */
export function fieldOptions(field: FieldDefinitionView): FieldOption[] {
  return (field.values ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const pipe = line.indexOf('|');
      return pipe < 0
        ? { label: line, value: line }
        : { label: line.slice(0, pipe).trim(), value: line.slice(pipe + 1).trim() };
    });
}

/** The definition check shared by the option field types. */
export function validateOptions(field: FieldDefinitionView): string | undefined {
  return fieldOptions(field).length === 0
    ? 'values must define at least one option (one Label|value line each)'
    : undefined;
}

/** Answers the item when it is an option value; the error names the values that are allowed. */
export function requireOption(item: string, field: FieldDefinitionView): string {
  const values = fieldOptions(field).map((option) => option.value);
  if (values.includes(item)) return item;
  throw new FieldValueError(`"${item}" is not one of the options of ${field.name}: ${values.join(', ')}`);
}
