import { layoutFieldType } from './layout.js';

export const lineDividerField = layoutFieldType('LineDivider');
