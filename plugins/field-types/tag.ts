import type { FieldType } from '../../core/plugin/kit.js';
import { fieldClassName } from './class-name.js';
import { listItems } from './submitted-value.js';

/** Tags, comma-separated or as an array; a tag repeated in another letter case counts once (the first spelling wins). */
export const tagField: FieldType = {
  className: fieldClassName('Tag'),
  dataType: 'SYSTEM',
  kind: 'value',
  parse: (value) => {
    const seen = new Set<string>();
    return listItems(value).filter((tag) => {
      const key = tag.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  },
  toContentMap: (stored) => (Array.isArray(stored) ? stored.join(',') : stored),
  toIndex: (stored) => stored,
};
