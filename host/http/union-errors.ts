import { Kind, type TSchema } from '@sinclair/typebox';
import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors';

/** A problem to report: where in the value, and what is wrong there. */
export interface Problem {
  path: string;
  message: string;
}

/**
 * The problems of a failed check, in words a client can act on. The schema library reports a value
 * that fits no member of a union as "Expected union value", naming neither what was expected nor
 * which part of the value is wrong. Here a union whose value has the shape of one of its members
 * reports that member's own problems (an object sent where "one or many" objects are accepted
 * reports the object's wrong member; of several objects, the one the value comes closest to); any
 * other says what the union accepts.
 */
export function* explainErrors(errors: Iterable<ValueError>): Generator<Problem> {
  for (const error of errors) {
    if (error.type !== ValueErrorType.Union) {
      yield { path: error.path, message: error.message };
      continue;
    }
    const variants = (error.schema as { anyOf?: TSchema[] }).anyOf ?? [];
    const sameShape = variants.flatMap((schema, index) => (shapeOf(schema) === valueShape(error.value) ? [index] : []));
    // Of several members of the value's shape, the one it comes closest to (fewest problems).
    const nested = sameShape
      .map((index) => [...explainErrors(error.errors[index] ?? [])])
      .filter((problems) => problems.length > 0)
      .sort((a, b) => a.length - b.length)[0];
    if (nested) yield* nested;
    else yield { path: error.path, message: `Expected ${describeSchema(error.schema)}` };
  }
}

type Shape = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null' | 'other';

function valueShape(value: unknown): Shape {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'object':
      return 'object';
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    default:
      return 'other';
  }
}

function shapeOf(schema: TSchema): Shape {
  switch (schema[Kind]) {
    case 'Object':
    case 'Record':
      return 'object';
    case 'Array':
      return 'array';
    case 'String':
      return 'string';
    case 'Number':
    case 'Integer':
      return 'number';
    case 'Boolean':
      return 'boolean';
    case 'Null':
      return 'null';
    case 'Literal':
      return valueShape((schema as { const?: unknown }).const);
    default:
      return 'other';
  }
}

/** What a schema accepts, as a phrase: `a string or null`, `an object, or an array of objects`. */
export function describeSchema(schema: TSchema): string {
  switch (schema[Kind]) {
    case 'Union': {
      const parts = [...new Set(((schema as { anyOf?: TSchema[] }).anyOf ?? []).map(describeSchema))];
      return parts.length <= 1
        ? (parts[0] ?? 'a value')
        : `${parts.slice(0, -1).join(', ')}${parts.length > 2 ? ',' : ''} or ${parts.at(-1)}`;
    }
    case 'Literal':
      return JSON.stringify((schema as { const?: unknown }).const);
    case 'Array': {
      const items = (schema as { items?: TSchema }).items;
      return items ? `an array of ${plural(describeSchema(items))}` : 'an array';
    }
    case 'Object':
    case 'Record':
      return 'an object';
    case 'String':
      return 'a string';
    case 'Integer':
      return 'an integer';
    case 'Number':
      return 'a number';
    case 'Boolean':
      return 'true or false';
    case 'Null':
      return 'null';
    default:
      return 'a value';
  }
}

/** `a string` → `strings`; other phrases (literals, unions) are kept, prefixed so they still read. */
function plural(phrase: string): string {
  const single = /^an? (\w+)$/.exec(phrase);
  if (single) return `${single[1]}s`;
  return `values each ${phrase}`;
}
