import type { Config } from '../../config/config.js';
import type { Logger } from '../../logger.js';
import type { DriverRepositories } from './repositories.js';

// The storage driver descriptor and the storage it opens.

/** Storage as a driver opens it. */
export interface DriverStorage extends DriverRepositories {
  /** The driver's name (`sqlite`, `mysql`). */
  readonly driverName: string;
  /**
   * True when the database lets one connection write at a time (SQLite, per file): threads writing
   * through connections of their own then only take turns, so pools of writers size themselves by
   * it. Absent or false: connections write at once.
   */
  readonly singleWriter?: boolean;
  /**
   * Where the data lives, for the start-up line and start-up errors (`/srv/cms/data/cms.db`,
   * `mysql://cms:***@db:3306/cms`). Never a password.
   */
  readonly target?: string;
  /** Applies the versioned migrations; safe to call from several processes at once. */
  migrate(): Promise<void>;
  /** Answers once the database can be reached (readiness). Throws otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** What a driver gets when the service opens it. */
export interface StorageOpenContext {
  config: Config;
  dataDir: string;
  logger: Logger;
  /**
   * Another loaded storage driver, by name: for a driver that wraps one (timing, routing, tenancy)
   * and opens it with this same context. Set by the host; absent where no plugins are loaded.
   */
  driverNamed?(name: string): StorageDriver | undefined;
}

/**
 * A storage driver, chosen by the property `storage.driver`.
 *
 * @example
 * export default definePlugin({
 *   name: 'storage-sqlite', apiVersion: 1,
 *   setup: () => ({ storageDrivers: [{ name: 'sqlite', open: (ctx) => openSqlite(ctx) }] }),
 * });
 */
export interface StorageDriver {
  name: string;
  open(context: StorageOpenContext): Promise<DriverStorage>;
}

/** Identity function that exists for type inference and editor help. */
export function defineStorageDriver(driver: StorageDriver): StorageDriver {
  return driver;
}
