import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors';
import type { TypeCheck } from '@sinclair/typebox/compiler';
import type { TSchema } from '@sinclair/typebox';
import { IngestErrors, showValue } from './ingest-problem.js';
import type { ErrorEntry } from '../errors/index.js';
import type { IngestProblemCode } from './ingest-problem.js';

/** One member that does not fit its shape, with its dotted path (`data.page.url`) and the entry to report it with. */
export interface ShapeProblem {
  entry: ErrorEntry<IngestProblemCode>;
  path: string;
  params: Readonly<Record<string, string>>;
}

/** JSON pointer (`/data/page/url`, `/element/attributes/0`) → the original's dotted path (`data.page.url`, `element.attributes[0]`). */
function dottedPath(pointer: string): string {
  let path = '';
  for (const raw of pointer.split('/').slice(1)) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    path += /^\d+$/.test(segment) ? `[${segment}]` : path === '' ? segment : `.${segment}`;
  }
  return path;
}

/** The entry a type mismatch is reported with, by the type the schema expected. */
const ENTRY_OF_TYPE: Partial<Record<ValueErrorType, ErrorEntry<IngestProblemCode>>> = {
  [ValueErrorType.String]: IngestErrors.INVALID_STRING_TYPE,
  [ValueErrorType.Number]: IngestErrors.INVALID_NUMBER_TYPE,
  [ValueErrorType.Integer]: IngestErrors.INVALID_NUMBER_TYPE,
  [ValueErrorType.Object]: IngestErrors.INVALID_JSON_OBJECT_TYPE,
  [ValueErrorType.Array]: IngestErrors.INVALID_JSON_ARRAY_TYPE,
};

/** What is wrong with a value of the right type but past a limit of the shape, or undefined for any other error. */
function limitProblem(error: ValueError): string | undefined {
  const schema = error.schema as { maxLength?: number; minimum?: number; maximum?: number };
  switch (error.type) {
    case ValueErrorType.StringMaxLength:
      return `longer than ${schema.maxLength} characters`;
    case ValueErrorType.IntegerMinimum:
    case ValueErrorType.IntegerMaximum:
      return `out of range (${schema.minimum} to ${schema.maximum})`;
    default:
      return undefined;
  }
}

/**
 * Every member of `value` that does not fit the compiled shape, in the order TypeBox finds them:
 * missing members, unknown members, then wrong types, object by object.
 *
 * Give it the value after `withoutNulls`: a member sent as `null` then counts as absent.
 */
export function shapeProblems<Schema extends TSchema>(check: TypeCheck<Schema>, value: unknown): ShapeProblem[] {
  const problems: ShapeProblem[] = [];
  const missing = new Set<string>();
  for (const error of check.Errors(value) as Iterable<ValueError>) {
    const path = dottedPath(error.path);
    if (error.type === ValueErrorType.ObjectRequiredProperty) {
      missing.add(path);
      problems.push({ entry: IngestErrors.REQUIRED_FIELD_MISSING, path, params: { field: path } });
      continue;
    }
    // TypeBox reports a missing required member twice: as missing and as `undefined` of the wrong type.
    if (error.value === undefined && missing.has(path)) continue;
    if (error.type === ValueErrorType.ObjectAdditionalProperties) {
      problems.push({ entry: IngestErrors.UNKNOWN_FIELD, path, params: { field: path } });
      continue;
    }
    const limit = limitProblem(error);
    if (limit !== undefined) {
      problems.push({
        entry: IngestErrors.INVALID_FIELD_VALUE,
        path,
        params: { problem: limit, value: showValue(error.value) },
      });
      continue;
    }
    const entry = ENTRY_OF_TYPE[error.type];
    if (entry === undefined) {
      // NOTE: the shapes use only strings, numbers, integers, objects and arrays; anything else is a
      // new schema construct whose problems need a code before it ships.
      throw new Error(`No ingest code for TypeBox error ${error.type} at ${error.path}`);
    }
    problems.push({ entry, path, params: { value: showValue(error.value) } });
  }
  return problems;
}
