import { dateFieldType } from './date-kind.js';

export const dateField = dateFieldType('Date', 'date');
