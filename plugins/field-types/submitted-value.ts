import { FieldValueError } from '../../core/plugin/kit.js';

/** Text from a scalar: JSON clients send numbers and booleans where the legacy format sends strings. */
export function scalarText(value: unknown, what = 'text'): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new FieldValueError(`must be ${what}, not ${describe(value)}`);
}

/** The items of a comma-separated string or of a JSON array, trimmed, empty ones dropped. */
export function listItems(value: unknown): string[] {
  const items = Array.isArray(value)
    ? value.map((item) => scalarText(item, 'a list of strings'))
    : scalarText(value, 'a comma-separated list').split(',');
  return items.map((item) => item.trim()).filter((item) => item !== '');
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
