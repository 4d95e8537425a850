import { longTextFieldType } from './long-text.js';

/** Holds HTML; it is stored as sent (sanitising is the rendering side's concern). */
export const wysiwygField = longTextFieldType('Wysiwyg');
