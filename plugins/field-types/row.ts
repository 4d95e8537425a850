import { layoutFieldType } from './layout.js';

export const rowField = layoutFieldType('Row');
