import type { FieldType } from '../../core/plugin/kit.js';
import { parseLegacyDate, type DateKind } from './legacy-date.js';
import { fieldClassName } from './class-name.js';

/** Date, Time and Date and Time: stored as epoch milliseconds, indexed as ISO-8601 text. */
export function dateFieldType(simpleName: string, kind: DateKind): FieldType {
  return {
    className: fieldClassName(simpleName),
    dataType: 'DATE',
    kind: 'value',
    parse: (value) => parseLegacyDate(value, kind).epochMs,
    toContentMap: (stored) => stored,
    toIndex: (stored) => (typeof stored === 'number' ? new Date(stored).toISOString() : stored),
  };
}
