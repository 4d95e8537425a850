import type { FieldType } from '../../core/plugin/kit.js';
import { fieldClassName } from './class-name.js';
import { scalarText } from './submitted-value.js';

/**
 * The legacy format sends non-printing characters as percent codes (`%0D%0A`). Only control
 * characters are decoded, so ordinary text such as `100%` or `%20` in HTML is kept as written.
 */
export function decodeControlEscapes(text: string): string {
  return text.replace(/%([01][0-9A-Fa-f]|7[Ff])/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Textarea and WYSIWYG: the same value rules, different editors. */
export function longTextFieldType(simpleName: string): FieldType {
  return {
    className: fieldClassName(simpleName),
    dataType: 'LONG_TEXT',
    kind: 'value',
    parse: (value) => decodeControlEscapes(scalarText(value)),
    toContentMap: (stored) => stored,
    toIndex: (stored) => stored,
  };
}
