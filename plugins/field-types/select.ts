import { singleChoiceFieldType } from './single-choice.js';

export const selectField = singleChoiceFieldType('Select');
