import { fixedValueFieldType } from './fixed-value.js';

export const hiddenField = fixedValueFieldType('Hidden');
