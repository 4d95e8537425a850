import { dateFieldType } from './date-kind.js';

export const timeField = dateFieldType('Time', 'time');
