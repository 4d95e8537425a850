import type { TSchema } from '@sinclair/typebox';

/** Turns a value towards its schema's scalar types; answers the value unchanged where no rule applies. */
export type Coercer = (value: unknown) => unknown;

const INTEGER = /^[+-]?\d{1,15}$/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const identity: Coercer = (value) => value;

/**
 * Compiles, once per schema, the scalar conversions the original's JSON reader (Jackson, with its
 * default coercion of scalars) applies: `"false"` is read as a boolean and `"100000"` as a number.
 * Text stays text: a number where text is expected is refused, as this service always did. Anything
 * else is left as it came, so that the schema check still refuses junk and names the member.
 */
export function compileCoercer(schema: TSchema): Coercer {
  const s = schema as TSchema & Record<string, unknown>;
  if (Array.isArray(s.anyOf)) return unionCoercer(s.anyOf as TSchema[]);
  switch (s.type) {
    case 'boolean':
      return toBoolean;
    case 'integer':
      return (value) => (typeof value === 'string' && INTEGER.test(value.trim()) ? Number(value.trim()) : value);
    case 'number':
      return (value) => (typeof value === 'string' && NUMBER.test(value.trim()) ? Number(value.trim()) : value);
    case 'array':
      return arrayCoercer(s.items as TSchema | undefined);
    case 'object':
      return objectCoercer(s);
    default:
      return identity;
  }
}

function toBoolean(value: unknown): unknown {
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (word === 'true') return true;
    if (word === 'false') return false;
  }
  if (value === 0 || value === 1) return value === 1;
  return value;
}

function arrayCoercer(items: TSchema | undefined): Coercer {
  if (!items) return identity;
  const item = compileCoercer(items);
  if (item === identity) return identity;
  return (value) => (Array.isArray(value) ? value.map(item) : value);
}

function objectCoercer(schema: Record<string, unknown>): Coercer {
  const members = Object.entries((schema.properties ?? {}) as Record<string, TSchema>)
    .map(([name, member]) => [name, compileCoercer(member)] as const)
    .filter(([, coerce]) => coerce !== identity);
  const patterns = Object.values((schema.patternProperties ?? {}) as Record<string, TSchema>);
  const rest = patterns.length === 1 ? compileCoercer(patterns[0]!) : identity;
  if (members.length === 0 && rest === identity) return identity;
  const named = new Set(members.map(([name]) => name));
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const [name, coerce] of members) if (name in out) out[name] = coerce(out[name]);
    if (rest !== identity) for (const name of Object.keys(out)) if (!named.has(name)) out[name] = rest(out[name]);
    return out;
  };
}

/**
 * A union converts a scalar that fits none of its members as it is, towards the first member whose
 * conversion makes it fit: `"5"` stays text where text is allowed. An object or array is converted
 * by the first member of its own shape.
 */
function unionCoercer(members: TSchema[]): Coercer {
  const typeOf = (m: TSchema) => (m as { type?: unknown }).type;
  const scalarTypes = new Set(members.map(typeOf));
  const scalarCoercers = members
    .filter((m) => typeOf(m) !== 'object' && typeOf(m) !== 'array')
    .map(compileCoercer)
    .filter((c) => c !== identity);
  const objectMember = members.find((m) => typeOf(m) === 'object');
  const arrayMember = members.find((m) => typeOf(m) === 'array');
  const object = objectMember ? compileCoercer(objectMember) : identity;
  const array = arrayMember ? compileCoercer(arrayMember) : identity;
  if (scalarCoercers.length === 0 && object === identity && array === identity) return identity;
  return (value) => {
    if (Array.isArray(value)) return array(value);
    if (typeof value === 'object' && value !== null) return object(value);
    if (fitsType(value, scalarTypes)) return value;
    for (const coerce of scalarCoercers) {
      const converted = coerce(value);
      if (converted !== value) return converted;
    }
    return value;
  };
}

function fitsType(value: unknown, types: Set<unknown>): boolean {
  if (value === null) return types.has('null');
  if (typeof value === 'string') return types.has('string');
  if (typeof value === 'boolean') return types.has('boolean');
  return typeof value === 'number' && (types.has('number') || (types.has('integer') && Number.isInteger(value)));
}
