import { multipleChoiceFieldType } from './multiple-choice.js';

export const multiSelectField = multipleChoiceFieldType('MultiSelect', 'LONG_TEXT');
