import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import type { TSchema } from '@sinclair/typebox';
import { InvalidInputError, type ErrorDetail } from '../../core/errors.js';

/** Deeper JSON than this is refused: no legitimate body nests this far, and deep input endangers recursive code. */
export const MAX_JSON_DEPTH = 64;

/** Parses a JSON body; empty bodies answer `undefined` so that the schema can say what is missing. */
export function parseJsonBody(raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new InvalidInputError('HTTP_BODY_INVALID_JSON', 'The request body is not valid JSON');
  }
  if (exceedsDepth(value, MAX_JSON_DEPTH)) {
    throw new InvalidInputError('HTTP_BODY_TOO_DEEP', `The request body nests deeper than ${MAX_JSON_DEPTH} levels`);
  }
  return value;
}

function exceedsDepth(value: unknown, remaining: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (remaining === 0) return true;
  for (const child of Array.isArray(value) ? value : Object.values(value)) {
    if (exceedsDepth(child, remaining - 1)) return true;
  }
  return false;
}

/** A compiled body schema: checks a parsed body and reports every problem at once. */
export class BodyValidator {
  private readonly check: TypeCheck<TSchema>;

  constructor(schema: TSchema) {
    this.check = TypeCompiler.Compile(schema);
  }

  validate(body: unknown): void {
    if (body === undefined) throw new InvalidInputError('HTTP_BODY_REQUIRED', 'A request body is required');
    if (this.check.Check(body)) return;
    const details: ErrorDetail[] = [];
    const seen = new Set<string>();
    for (const error of this.check.Errors(body)) {
      const fieldName = error.path.replace(/^\//, '').replace(/\//g, '.') || null;
      const key = fieldName ?? '';
      if (seen.has(key)) continue;
      seen.add(key);
      details.push({
        errorCode: 'badType',
        message: fieldName ? `${fieldName}: ${error.message}` : error.message,
        fieldName,
      });
      if (details.length >= 20) break;
    }
    throw new InvalidInputError('HTTP_BODY_INVALID', details[0]?.message ?? 'The request body is not valid', {
      details,
    });
  }
}
