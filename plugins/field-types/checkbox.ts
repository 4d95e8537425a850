import { multipleChoiceFieldType } from './multiple-choice.js';

export const checkboxField = multipleChoiceFieldType('Checkbox', 'TEXT');
