import { StartupError } from '../errors/index.js';

export type Environment = Readonly<Record<string, string | undefined>>;

/**
 * Environment names read in addition to the generic `CMS_A_B_C` form. The spec's settings are
 * documented by their plain names, and PORT is what every platform sets.
 */
const PLAIN_ENVIRONMENT_NAMES: Readonly<Record<string, readonly string[]>> = {
  'http.port': ['PORT'],
  INITIAL_ADMIN_PASSWORD: ['INITIAL_ADMIN_PASSWORD'],
  CONTENT_APIS_ALLOW_ANONYMOUS: ['CONTENT_APIS_ALLOW_ANONYMOUS'],
  REST_API_REJECT_WITH_NO_USER: ['REST_API_REJECT_WITH_NO_USER'],
  ENABLE_NAV_PERMISSION_CHECK: ['ENABLE_NAV_PERMISSION_CHECK', 'ENABLE_NAV_PERMISSION'],
};

/** The plain environment names a property is also read under (`PORT` for `http.port`). */
export function plainEnvironmentNamesOf(key: string): readonly string[] {
  return PLAIN_ENVIRONMENT_NAMES[key] ?? [];
}

/** `storage.mysql.url` is overridden by `CMS_STORAGE_MYSQL_URL`. */
export function environmentNameOf(key: string): string {
  return 'CMS_' + key.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
}

/**
 * Configuration properties: a properties file overridden by environment variables. Getters are
 * typed and name the property in their error, so a bad value stops start-up with a clear message.
 */
export class Config {
  constructor(
    private readonly fileValues: ReadonlyMap<string, string> = new Map(),
    private readonly env: Environment = {},
    /** Where the file values came from, for messages. */
    readonly source: string | null = null,
  ) {}

  /** The raw value, or undefined when neither the environment nor the file sets it. */
  raw(key: string): string | undefined {
    const generic = this.env[environmentNameOf(key)];
    if (generic !== undefined) return generic;
    for (const name of PLAIN_ENVIRONMENT_NAMES[key] ?? []) {
      const plain = this.env[name];
      if (plain !== undefined) return plain;
    }
    return this.fileValues.get(key);
  }

  has(key: string): boolean {
    return this.raw(key) !== undefined;
  }

  /** A string; empty values count as unset so that `FOO=` in a shell means "use the default". */
  string(key: string, defaultValue: string): string;
  string(key: string): string | undefined;
  string(key: string, defaultValue?: string): string | undefined {
    const value = this.raw(key)?.trim();
    return value === undefined || value === '' ? defaultValue : value;
  }

  int(key: string, defaultValue: number, bounds: { min?: number; max?: number } = {}): number {
    const value = this.string(key);
    if (value === undefined) return defaultValue;
    if (!/^-?\d+$/.test(value)) throw this.invalid(key, value, 'an integer');
    const n = Number(value);
    if ((bounds.min !== undefined && n < bounds.min) || (bounds.max !== undefined && n > bounds.max)) {
      throw this.invalid(key, value, `an integer from ${bounds.min ?? '-∞'} to ${bounds.max ?? '∞'}`);
    }
    return n;
  }

  bool(key: string, defaultValue: boolean): boolean {
    const value = this.string(key)?.toLowerCase();
    if (value === undefined) return defaultValue;
    if (['true', 'yes', 'on', '1'].includes(value)) return true;
    if (['false', 'no', 'off', '0'].includes(value)) return false;
    throw this.invalid(key, value, 'true or false');
  }

  /** A comma-separated list, trimmed, empty items dropped. */
  list(key: string, defaultValue: readonly string[] = []): string[] {
    const value = this.string(key);
    if (value === undefined) return [...defaultValue];
    return value
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  }

  oneOf<T extends string>(key: string, allowed: readonly T[], defaultValue: T): T {
    const value = this.string(key);
    if (value === undefined) return defaultValue;
    const match = allowed.find((a) => a.toLowerCase() === value.toLowerCase());
    if (match === undefined) throw this.invalid(key, value, `one of ${allowed.join(', ')}`);
    return match;
  }

  private invalid(key: string, value: string, expected: string): StartupError {
    return new StartupError(`Configuration property ${key} has the value "${value}"; expected ${expected}`);
  }
}
