import { StartupError } from '../errors/index.js';
import type { Config } from './config.js';

/**
 * One configuration property, declared once: its type, its default, what it means. Reading the
 * property goes through the declaration (`readProperties`), the start-up check uses it, and
 * `docs/configuration.md` is written from it, so a default is never written twice.
 */
export type PropertyDeclaration =
  StringProperty | IntProperty | BoolProperty | ListProperty | OneOfProperty<readonly string[]>;

interface PropertyBase {
  /** One line for the reference (Markdown). */
  description: string;
  /** The section of `docs/configuration.md` it is listed in. */
  group?: string;
  required?: boolean;
  /** A value never quoted in messages or logs (passwords, keys). */
  secret?: boolean;
  /** Extra check; answers a message when the value is not acceptable. */
  validate?(value: string): string | undefined;
  /** How the default reads in the reference, when the value itself says too little (`(random)`). */
  defaultText?: string;
}

/** Text. A declaration without a `type` is text too, as plugins written before types were declared. */
export interface StringProperty extends PropertyBase {
  type?: 'string';
  default?: string;
}
export interface IntProperty extends PropertyBase {
  type: 'int';
  default: number;
  min?: number;
  max?: number;
}
export interface BoolProperty extends PropertyBase {
  type: 'bool';
  default: boolean;
}
/** Comma-separated, trimmed, empty items dropped. Set but empty is refused when the default is not empty. */
export interface ListProperty extends PropertyBase {
  type: 'list';
  default: readonly string[];
}
export interface OneOfProperty<Values extends readonly string[]> extends PropertyBase {
  type: 'oneOf';
  values: Values;
  default: Values[number];
}

/** The value a declaration reads as. */
export type PropertyValue<D> = D extends IntProperty
  ? number
  : D extends BoolProperty
    ? boolean
    : D extends ListProperty
      ? string[]
      : D extends OneOfProperty<infer Values>
        ? Values[number]
        : D extends { default: string }
          ? string
          : string | undefined;

export type PropertyDeclarations = Readonly<Record<string, PropertyDeclaration>>;

/** Identity function that keeps each declaration's literal types (for `readProperties`). */
export function defineProperties<const Declarations extends PropertyDeclarations>(
  declarations: Declarations,
): Declarations {
  return declarations;
}

/**
 * Reads one declared property, its default applied; a bad value stops start-up naming the property,
 * the value (unless secret) and where it was set.
 */
export function readProperty<D extends PropertyDeclaration>(
  config: Config,
  key: string,
  declaration: D,
  /** Who reads it, for the message (`plugin acme-slack`). */
  reader?: string,
): PropertyValue<D> {
  const d = declaration as PropertyDeclaration;
  let value: unknown;
  switch (d.type) {
    case 'int':
      value = config.int(key, d.default, { min: d.min, max: d.max });
      break;
    case 'bool':
      value = config.bool(key, d.default);
      break;
    case 'list':
      value = config.list(key, d.default);
      break;
    case 'oneOf':
      value = config.oneOf(key, d.values, d.default);
      break;
    default:
      value = d.default === undefined ? config.string(key) : config.string(key, d.default);
  }
  const raw = config.string(key);
  if (raw === undefined && d.required)
    throw new StartupError(`The configuration property ${key} is required: ${d.description}`);
  const problem = raw === undefined ? undefined : d.validate?.(raw);
  if (problem) {
    const shown = d.secret ? '(hidden)' : `"${raw}"`;
    throw new StartupError(
      `Configuration property ${key}=${shown}${config.where(key)} is not acceptable${reader ? ` to ${reader}` : ''}: ${problem}`,
    );
  }
  return value as PropertyValue<D>;
}

/** The values of a set of declarations, keyed like them. */
export type PropertyValues<Declarations extends PropertyDeclarations> = {
  readonly [K in keyof Declarations]: PropertyValue<Declarations[K]>;
};

/** Reads every declared property: an object keyed like the declarations, typed by them. */
export function readProperties<const Declarations extends PropertyDeclarations>(
  config: Config,
  declarations: Declarations,
): PropertyValues<Declarations> {
  const out: Record<string, unknown> = {};
  for (const [key, declaration] of Object.entries(declarations)) out[key] = readProperty(config, key, declaration);
  return out as never;
}

/** How a declaration's default reads in the reference. */
export function defaultTextOf(declaration: PropertyDeclaration): string {
  if (declaration.defaultText) return declaration.defaultText;
  const value = declaration.default;
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return '(none)';
  return `\`${Array.isArray(value) ? value.join(',') : String(value)}\``;
}
