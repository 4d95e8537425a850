import { longTextFieldType } from './long-text.js';

export const textAreaField = longTextFieldType('TextArea');
