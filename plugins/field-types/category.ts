import { FieldValueError, type FieldType } from '../../core/plugin/kit.js';
import { fieldClassName } from './class-name.js';
import { listItems } from './submitted-value.js';

/** Categories by inode, key or variable name (the context tries them in that order); stored as inodes. */
export const categoryField: FieldType = {
  className: fieldClassName('Category'),
  dataType: 'SYSTEM',
  kind: 'value',
  parse: async (value, _field, context) => {
    const inodes = new Set<string>();
    const unknown: string[] = [];
    // One look-up at a time: the context may run on a transaction's single connection.
    for (const item of listItems(value)) {
      const category = await context.findCategory(item);
      if (category) inodes.add(category.inode);
      else unknown.push(`"${item}"`);
    }
    if (unknown.length) throw new FieldValueError(`no category matches ${unknown.join(', ')}`);
    return [...inodes];
  },
  toContentMap: (stored) => stored,
  toIndex: (stored) => stored,
};
