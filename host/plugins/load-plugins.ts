import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Config } from '../../core/config/config.js';
import { StartupError } from '../../core/errors/index.js';
import type { Logger } from '../../core/logger.js';
import { PLUGIN_API_VERSION, type PluginDescriptor } from '../../core/plugin/plugin.js';
import { PluginRegistry } from '../../core/plugin/registry.js';
import type { SecretSealer } from '../../core/plugin/secret-sealer.js';
import { readVersionRange } from '../../core/plugin/version-range.js';
import { BUILTIN_PLUGINS } from './builtin-plugins.js';
import { readProperty } from '../../core/config/properties.js';
import { HOST_PROPERTIES } from '../settings/settings-properties.js';
import { installationSecrets, sealerOnceLoaded } from '../secrets/installation-secrets.js';
import { hostOutboundClients } from '../outbound/outbound-clients.js';
import { serviceVersion } from '../startup/version.js';
import { checkPropertyNames } from './check-property-names.js';
import { resolveKitForPlugins } from './kit-resolution.js';
import { resolvePackageFrom } from './resolve-package.js';

export interface PluginSource {
  /** How the plugin was named: a built-in's module, a path or a package name from `plugins=`. */
  specifier: string;
  /** What `import()` is given. */
  url: string;
  /** Shipped with the service. */
  builtin?: boolean;
}

/**
 * Loads the built-in plugins, then those listed in `plugins=`, through one path: import the module,
 * check its descriptor and API version; once all are imported, refuse property names nobody
 * declares; then, per plugin, validate the properties it declares, set it up and register what it
 * contributes. Any failure stops start-up with a message naming the plugin.
 */
export async function loadPlugins(config: Config, dataDir: string, cwd: string, log: Logger): Promise<PluginRegistry> {
  const registry = new PluginRegistry();
  const extra = readProperty(config, 'plugins', HOST_PROPERTIES.plugins);
  // Only plugins installed outside the service need the hook: the built-ins import the kit by
  // path. Once installed it stands between every later import of the process (and of each worker
  // thread that loads plugins) and the loader, a round trip to a thread of its own: an ingest
  // worker took twice as long to start with it.
  if (extra.length) resolveKitForPlugins();
  const sources = [...BUILTIN_PLUGINS, ...extra.map((s) => sourceOf(s, cwd))];
  const imported: Array<{ source: PluginSource; descriptor: PluginDescriptor }> = [];
  for (const source of sources) imported.push({ source, descriptor: await importDescriptor(source) });
  checkPropertyNames(config, [HOST_PROPERTIES, ...imported.map(({ descriptor }) => descriptor.properties ?? {})], log);
  // One set of outbound clients for every plugin; they close after the plugins' own close hooks.
  const outbound = hostOutboundClients(config);
  registry.closeAfterPlugins('outbound http', () => outbound.close());
  // Chosen among every plugin's encryptors, so only once all are set up.
  const chosen: { secrets?: SecretSealer } = {};
  const secrets = sealerOnceLoaded(() => chosen.secrets);
  for (const { source, descriptor } of imported) {
    validateProperties(descriptor, config);
    const logger = log.child({ plugin: descriptor.name });
    let contributions;
    try {
      contributions = await descriptor.setup({
        config,
        logger,
        dataDir,
        cmsVersion: serviceVersion(),
        secrets,
        outbound,
      });
    } catch (cause) {
      if (cause instanceof StartupError) throw cause;
      throw new StartupError(
        `Plugin ${descriptor.name} (${source.specifier}) failed to set up: ${(cause as Error)?.message ?? cause}`,
        { cause },
      );
    }
    // Built-ins ship with the service: theirs is the service's version.
    const version = descriptor.version ?? (source.builtin ? serviceVersion() : undefined);
    registry.add(descriptor.name, contributions ?? {}, version);
    log.debug({ plugin: descriptor.name, version, from: source.specifier }, 'plugin loaded');
  }
  chosen.secrets = installationSecrets(registry, config, dataDir);
  return registry;
}

/**
 * A path (absolute, or starting with `.`) is resolved against the working directory; anything else
 * is a package name, looked up in `node_modules` of the working directory and its parents, then
 * (by `import()` itself) next to the service.
 */
export function sourceOf(specifier: string, cwd: string): PluginSource {
  const isPath = isAbsolute(specifier) || specifier.startsWith('.');
  if (isPath) return { specifier, url: pathToFileURL(resolve(cwd, specifier)).href };
  return { specifier, url: resolvePackageFrom(cwd, specifier) ?? specifier };
}

async function importDescriptor(source: PluginSource): Promise<PluginDescriptor> {
  let module: { default?: unknown };
  try {
    module = (await import(source.url)) as { default?: unknown };
  } catch (cause) {
    throw new StartupError(
      `Configuration property plugins="${source.specifier}": the module cannot be loaded (${(cause as Error)?.message ?? cause})`,
      { cause },
    );
  }
  const descriptor = module.default as Partial<PluginDescriptor> | undefined;
  if (
    !descriptor ||
    typeof descriptor !== 'object' ||
    typeof descriptor.name !== 'string' ||
    typeof descriptor.setup !== 'function'
  ) {
    throw new StartupError(
      `Configuration property plugins="${source.specifier}": the module's default export is not a plugin (use definePlugin({ name, apiVersion, setup }))`,
    );
  }
  if (descriptor.apiVersion !== PLUGIN_API_VERSION) {
    throw new StartupError(
      `Plugin ${descriptor.name} (${source.specifier}) was written for plugin API ${String(descriptor.apiVersion)}; this host implements ${PLUGIN_API_VERSION}`,
    );
  }
  checkCmsVersion(descriptor as PluginDescriptor, source);
  return descriptor as PluginDescriptor;
}

/** A plugin made for other versions of the service stops start-up, naming the range and this version. */
function checkCmsVersion(descriptor: PluginDescriptor, source: PluginSource): void {
  const wanted = descriptor.cmsVersion;
  if (wanted === undefined) return;
  const range = typeof wanted === 'string' ? readVersionRange(wanted) : undefined;
  if (!range) {
    throw new StartupError(
      `Plugin ${descriptor.name} (${source.specifier}) declares cmsVersion ${JSON.stringify(wanted)}, which is not a version range (like "^0.1.0")`,
    );
  }
  const version = serviceVersion();
  if (!range.includes(version)) {
    throw new StartupError(
      `Plugin ${descriptor.name} (${source.specifier}) works with cms ${wanted} (its cmsVersion); this is cms ${version}. Install a version of the plugin made for cms ${version}.`,
    );
  }
}

/** Every property the plugin declares is read once through its declaration: a bad value stops start-up here. */
function validateProperties(descriptor: PluginDescriptor, config: Config): void {
  for (const [key, declaration] of Object.entries(descriptor.properties ?? {})) {
    if (config.string(key) === undefined && declaration.required) {
      throw new StartupError(
        `Plugin ${descriptor.name} needs the configuration property ${key}: ${declaration.description}`,
      );
    }
    readProperty(config, key, declaration, `plugin ${descriptor.name}`);
  }
}
