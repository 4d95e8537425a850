import { FieldValueError } from '../../core/plugin/kit.js';
import { scalarText } from './submitted-value.js';

/** The data types the original keeps in number and boolean columns rather than text. */
export const NUMERIC_DATA_TYPES = ['INTEGER', 'FLOAT'] as const;

const WHOLE = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
// JSON values are numbers of JavaScript: past this, two different whole numbers could be stored as one.
const WHOLE_RANGE = `from ${Number.MIN_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER}`;

/**
 * A submitted scalar in the form its data type stores: a whole number for `INTEGER`, a number for
 * `FLOAT`, a boolean for `BOOL`, text otherwise. JSON clients send numbers, the legacy format sends
 * their text; both are read, and anything else is refused.
 */
export function typedValue(value: unknown, dataType: string): string | number | boolean {
  switch (dataType) {
    case 'INTEGER': {
      const n = numberOf(value, WHOLE);
      if (n === undefined || !Number.isSafeInteger(n))
        throw new FieldValueError(`must be a whole number ${WHOLE_RANGE}, not ${shown(value)}`);
      return n;
    }
    case 'FLOAT': {
      const n = numberOf(value, DECIMAL);
      if (n === undefined || !Number.isFinite(n)) throw new FieldValueError(`must be a number, not ${shown(value)}`);
      return n;
    }
    case 'BOOL': {
      if (typeof value === 'boolean') return value;
      const word = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
      if (word === 'true' || word === 'false') return word === 'true';
      throw new FieldValueError(`must be true or false, not ${shown(value)}`);
    }
    default:
      return scalarText(value);
  }
}

function numberOf(value: unknown, pattern: RegExp): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && pattern.test(value.trim())) return Number(value.trim());
  return undefined;
}

function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : 'an object';
}
