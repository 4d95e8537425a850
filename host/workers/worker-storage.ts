import type { Config, Environment } from '../../core/config/config.js';
import { loadConfig } from '../../core/config/load-config.js';
import { resolveNamed, type PluginRegistry } from '../../core/plugin/registry.js';
import type { Storage } from '../../core/plugin/storage/index.js';
import { withUnitOfWork } from '../../core/transactions/unit-of-work.js';
import { JsonLogger } from '../logger.js';
import { loadPlugins } from '../plugins/load-plugins.js';
import { readSettings, type HostSettings } from '../settings/settings.js';

/** What a worker thread is started with: the service's environment and working directory. */
export interface WorkerStartData {
  env: Environment;
  cwd: string;
}

/**
 * What a worker thread of the service (indexing, analytics ingest) opens for itself, as the service
 * is configured: settings, a logger naming the worker, the plugins, and a storage connection of its own.
 */
export async function openWorkerStorage(
  { env, cwd }: WorkerStartData,
  area: string,
): Promise<{
  config: Config;
  dataDir: string;
  settings: HostSettings;
  logger: JsonLogger;
  registry: PluginRegistry;
  storage: Storage;
}> {
  const { config, dataDir } = loadConfig(env, cwd);
  const settings = readSettings(config);
  const logger = new JsonLogger({ write: (line) => process.stdout.write(line) }, settings.logLevel, { area });
  const registry = await loadPlugins(config, dataDir, cwd, logger);
  const driver = resolveNamed(registry.storageDrivers, 'storage.driver', settings.storageDriver);
  const driverNamed = (name: string) => registry.storageDrivers.get(name);
  const storage = withUnitOfWork(await driver.open({ config, dataDir, logger, driverNamed }), logger);
  return { config, dataDir, settings, logger, registry, storage };
}
