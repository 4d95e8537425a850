import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { InvalidError, isAnalysedMember, type SearchDocument } from '../../../core/plugin/kit.js';
import { parseInstant } from './value-conditions.js';

/*
 * A document as the index keeps it: its keys (kept once per name set, `name-sets.ts`) and its
 * values, a JSON array deflated with the set's dictionary (the values of an earlier document of
 * the set, which share most of their text). From both, `_source` is the document as given, and
 * the values of each field are those its rows were written from.
 */

/** A value as the index compares it: booleans are `true`/`false` text. */
export type IndexValue = string | number;

/** The values of each field (name lower-cased), in the order the document first names them; absent fields left out. */
export type FieldValues = Map<string, IndexValue[]>;

/** The keys a document's JSON has (an undefined member is not one) and their values. */
export function keysAndValues(document: SearchDocument): { keys: string[]; values: unknown[] } {
  const keys: string[] = [];
  const values: unknown[] = [];
  for (const [key, value] of Object.entries(document)) {
    if (value === undefined) continue;
    keys.push(key);
    values.push(value);
  }
  return { keys, values };
}

/** The values of each field; a property that is not flat is refused, naming it (`position`: the document's, for the message). */
export function fieldValuesOf(keys: readonly string[], values: readonly unknown[], position: number): FieldValues {
  const fields: FieldValues = new Map();
  keys.forEach((name, i) => {
    const raw = values[i];
    const list: readonly unknown[] = Array.isArray(raw) ? raw : [raw];
    const field = name.toLowerCase();
    for (const value of list) {
      if (value === null || value === undefined) continue;
      let stored: IndexValue;
      if (typeof value === 'string') stored = value;
      else if (typeof value === 'number' && Number.isFinite(value)) stored = value;
      else if (typeof value === 'boolean') stored = String(value);
      else
        throw new InvalidError(
          `Search document ${position}: property "${name}" must be a string, a number, a boolean or an array of them`,
          { fieldName: name },
        );
      const known = fields.get(field);
      if (known) known.push(stored);
      else fields.set(field, [stored]);
    }
  });
  return fields;
}

/** The value as a number, for numbers and ISO dates (epoch milliseconds), which `range` and histograms compare. */
export const numOf = (value: IndexValue): number | null =>
  typeof value === 'number' ? value : (parseInstant(value) ?? null);

/** Whether a field's values are analysed text with words of their own (see `isAnalysedMember`). */
export const hasWords = (field: string): boolean => isAnalysedMember(field);

/**
 * zlib's output buffer: the default (16 KB) is allocated and cleared for every call, which cost a
 * document's values (about 1.5 KB, deflated to about 160 bytes) a third more time to deflate and
 * twice as much to inflate.
 */
const CHUNK = 1024;

/** The values' JSON, deflated with a dictionary (raw deflate: no header, no checksum). */
export function packValues(json: string, dictionary: Buffer): Buffer {
  return deflateRawSync(json, { dictionary, chunkSize: CHUNK });
}

export function unpackValues(data: Buffer, dictionary: Buffer): unknown[] {
  return JSON.parse(inflateRawSync(data, { dictionary, chunkSize: CHUNK }).toString('utf8')) as unknown[];
}

/** The document as given, from its keys and values. */
export function sourceOf(keys: readonly string[], values: readonly unknown[]): Record<string, unknown> {
  const source: Record<string, unknown> = {};
  keys.forEach((key, i) => {
    // A key such as `__proto__` is an own member, as JSON.parse makes it.
    Object.defineProperty(source, key, { value: values[i], enumerable: true, writable: true, configurable: true });
  });
  return source;
}
