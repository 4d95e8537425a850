import { FieldValueError, type FieldType } from '../../core/plugin/kit.js';
import { fieldClassName } from './class-name.js';

/** Row, Column and the dividers shape the edit form and hold no value; the content service never parses them. */
export function layoutFieldType(simpleName: string): FieldType {
  return {
    className: fieldClassName(simpleName),
    dataType: 'SYSTEM',
    kind: 'layout',
    parse: () => {
      throw new FieldValueError(`a ${simpleName} field holds no value`);
    },
    toContentMap: () => undefined,
    toIndex: () => undefined,
  };
}
