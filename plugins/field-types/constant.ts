import { fixedValueFieldType } from './fixed-value.js';

export const constantField = fixedValueFieldType('Constant');
