import { InvalidError } from '../../../core/plugin/kit.js';

/*
 * Reading the members of a search request as Elasticsearch writes them: the error a bad member is
 * answered with, and the one-member and field-and-value forms its queries take.
 */

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function invalid(path: string, message: string): InvalidError {
  return new InvalidError(`Search request: ${message} (at ${path})`, { fieldName: path });
}

/** The only member of `{ member: body }`, as ES queries have. */
export function single(value: unknown, path: string): [string, unknown] {
  if (!isObject(value)) throw invalid(path, 'expected an object');
  const entries = Object.entries(value);
  if (entries.length !== 1) throw invalid(path, `expected exactly one member, found ${entries.length}`);
  return entries[0]!;
}

/**
 * `{ field: value }` or `{ field: { <valueKey>: value, ...options } }` (the long form, which the Lucene
 * translator always emits): the field (lower-cased), the value and the options, only those listed.
 */
export function fieldAndValue(
  body: unknown,
  path: string,
  valueKey: string,
  optionKeys: readonly string[] = ['boost'],
): { field: string; value: unknown; options: Json } {
  const [field, spec] = single(body, path);
  if (isObject(spec)) {
    for (const key of Object.keys(spec))
      if (key !== valueKey && !optionKeys.includes(key))
        throw invalid(`${path}.${field}.${key}`, `"${key}" is not supported`);
    if (!(valueKey in spec)) throw invalid(`${path}.${field}`, `"${valueKey}" is missing`);
    return { field: field.toLowerCase(), value: spec[valueKey], options: spec };
  }
  return { field: field.toLowerCase(), value: spec, options: {} };
}

/** A query value as stored: booleans are stored as `true`/`false` text. */
export function storedValue(value: unknown, path: string): string | number {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'boolean') return String(value);
  throw invalid(path, 'expected a string, a number or a boolean');
}
