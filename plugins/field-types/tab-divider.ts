import { layoutFieldType } from './layout.js';

export const tabDividerField = layoutFieldType('TabDivider');
