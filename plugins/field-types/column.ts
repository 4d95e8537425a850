import { layoutFieldType } from './layout.js';

export const columnField = layoutFieldType('Column');
