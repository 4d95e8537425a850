import { dateFieldType } from './date-kind.js';

export const dateTimeField = dateFieldType('DateTime', 'datetime');
