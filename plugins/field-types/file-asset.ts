import { FieldValueError, type FieldType } from '../../core/plugin/kit.js';
import { fieldClassName } from './class-name.js';
import { scalarText } from './submitted-value.js';

const IDENTIFIER = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * File and Image: a file asset's identifier, or its path starting with the host name
 * (`//demo.com/images/a.png` or `demo.com/images/a.png`). Stored as the identifier.
 */
export function fileAssetFieldType(simpleName: string): FieldType {
  return {
    className: fieldClassName(simpleName),
    dataType: 'SYSTEM',
    kind: 'value',
    parse: async (value, _field, context) => {
      const text = scalarText(value, 'a file identifier or a path starting with the host name').trim();
      // The context looks files up by path only, so an identifier is taken on trust.
      if (IDENTIFIER.test(text)) return text.toLowerCase();
      if (text.startsWith('/') && !text.startsWith('//')) {
        throw new FieldValueError(`"${text}" must start with the host name, as in //demo.com${text}`);
      }
      const asset = await context.findFileAsset(text);
      if (!asset) throw new FieldValueError(`no file matches "${text}"`);
      return asset.identifier;
    },
    toContentMap: (stored) => stored,
    toIndex: (stored) => stored,
  };
}
