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
  DEFAULT_FILE_TO_DEFAULT_LANGUAGE: ['DEFAULT_FILE_TO_DEFAULT_LANGUAGE'],
  DEFAULT_PAGE_TO_DEFAULT_LANGUAGE: ['DEFAULT_PAGE_TO_DEFAULT_LANGUAGE'],
  ENABLE_PROXY_TOKEN_REQUESTS: ['ENABLE_PROXY_TOKEN_REQUESTS'],
  // The original's names already start with `cms.`: `CMS_CMS_…` would be the generic form.
  'cms.websocket.usepingpong': ['CMS_WEBSOCKET_USEPINGPONG'],
  'cms.websocket.millis.pingpong': ['CMS_WEBSOCKET_MILLIS_PINGPONG'],
};

/** The plain environment names a property is also read under (`PORT` for `http.port`). */
export function plainEnvironmentNamesOf(key: string): readonly string[] {
  return PLAIN_ENVIRONMENT_NAMES[key] ?? [];
}

/** `storage.mysql.url` is overridden by `CMS_STORAGE_MYSQL_URL`. */
export function environmentNameOf(key: string): string {
  return 'CMS_' + key.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
}

/** The properties file the file values came from. */
export interface PropertiesFile {
  /** Absolute path. */
  path: string;
  /** How messages name it: relative to the working directory when it lies below it (`cms.properties`). */
  shownAs: string;
  /** The line each key is set on (the last, when set twice). */
  lines: ReadonlyMap<string, number>;
}

/**
 * Configuration properties: a properties file overridden by environment variables. Getters are
 * typed and name the property, and where its value came from, in their error, so a bad value stops
 * start-up with a clear message.
 */
export class Config {
  constructor(
    private readonly fileValues: ReadonlyMap<string, string> = new Map(),
    private readonly env: Environment = {},
    /** The file the values came from, for messages; null when there is none. */
    readonly file: PropertiesFile | null = null,
  ) {}

  /** Absolute path of the properties file read, or null when none was. */
  get source(): string | null {
    return this.file?.path ?? null;
  }

  /** The raw value, or undefined when neither the environment nor the file sets it. */
  raw(key: string): string | undefined {
    const name = this.environmentNameSetting(key);
    return name !== undefined ? this.env[name] : this.fileValues.get(key);
  }

  /**
   * Where the value of `key` comes from, as messages name it (`environment variable PORT`,
   * `cms.properties line 3`); undefined when it is not set, or set by a map of values in a test.
   */
  origin(key: string): string | undefined {
    const name = this.environmentNameSetting(key);
    if (name !== undefined) return `environment variable ${name}`;
    const line = this.file?.lines.get(key);
    return line === undefined || !this.fileValues.has(key) ? undefined : `${this.file!.shownAs} line ${line}`;
  }

  /** Every key the file sets, with where (for the check of unknown names). */
  fileKeys(): Array<{ key: string; origin: string | undefined }> {
    return [...this.fileValues.keys()].map((key) => {
      const line = this.file?.lines.get(key);
      return { key, origin: line === undefined ? undefined : `${this.file!.shownAs} line ${line}` };
    });
  }

  /** The names of the environment variables set (for the check of unknown names). */
  environmentNames(): string[] {
    return Object.keys(this.env).filter((name) => this.env[name] !== undefined);
  }

  /** The environment variable that sets `key`, when one does: the `CMS_` form first, then the plain names. */
  private environmentNameSetting(key: string): string | undefined {
    return [environmentNameOf(key), ...(PLAIN_ENVIRONMENT_NAMES[key] ?? [])].find(
      (name) => this.env[name] !== undefined,
    );
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

  /**
   * A comma-separated list, trimmed, empty items dropped. Set but empty, it is refused when the
   * default is not empty: `auth.schemes=` reads as "none", and quietly getting the default instead
   * would surprise whoever wrote it. Unset, the default applies.
   */
  list(key: string, defaultValue: readonly string[] = []): string[] {
    const raw = this.raw(key);
    if (raw === undefined) return [...defaultValue];
    const items = raw
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    if (items.length === 0 && defaultValue.length > 0) {
      throw new StartupError(
        `Configuration property ${key} is set to an empty list${this.where(key)}; name at least one item, ` +
          `or remove it for the default (${defaultValue.join(',')})`,
      );
    }
    return items.length === 0 ? [...defaultValue] : items;
  }

  oneOf<T extends string>(key: string, allowed: readonly T[], defaultValue: T): T {
    const value = this.string(key);
    if (value === undefined) return defaultValue;
    const match = allowed.find((a) => a.toLowerCase() === value.toLowerCase());
    if (match === undefined) throw this.invalid(key, value, `one of ${allowed.join(', ')}`);
    return match;
  }

  /** ` (cms.properties line 3)`: where the value of `key` came from, for a message; empty when unknown. */
  where(key: string): string {
    const origin = this.origin(key);
    return origin === undefined ? '' : ` (${origin})`;
  }

  private invalid(key: string, value: string, expected: string): StartupError {
    return new StartupError(
      `Configuration property ${key} has the value "${value}"${this.where(key)}; expected ${expected}`,
    );
  }
}
