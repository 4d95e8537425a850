import { sortable } from '../http/sorting.js';

/** What the original sorts its list of types by, with its column names (`upper(name)` is its default). */
export const typeSort = sortable(
  {
    name: ['name', 'upper(name)'],
    variable: ['variable', 'velocity_var_name'],
    modDate: ['modDate', 'mod_date'],
    iDate: ['iDate', 'idate'],
    sortOrder: ['sortOrder', 'sort_order'],
    description: ['description'],
    baseType: ['baseType', 'structuretype'],
    id: ['id', 'inode'],
  },
  'name',
);
