import { singleChoiceFieldType } from './single-choice.js';

export const radioField = singleChoiceFieldType('Radio');
