import type { FieldType } from '../../core/plugin/kit.js';
import { fieldClassName } from './class-name.js';

/** Constant and Hidden: never submitted; the value is the field's own `values`, whatever arrives. */
export function fixedValueFieldType(simpleName: string): FieldType {
  return {
    className: fieldClassName(simpleName),
    dataType: 'SYSTEM',
    kind: 'fixed',
    parse: (_value, field) => field.values ?? '',
    toContentMap: (stored) => stored,
    toIndex: (stored) => stored,
  };
}
