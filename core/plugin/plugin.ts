import type { Config } from '../config/config.js';
import type { PropertyDeclaration, PropertyDeclarations } from '../config/properties.js';
import type { Logger } from '../logger.js';
import type { Actionlet } from './actionlet.js';
import type { AssetStorageDriver } from './asset-storage.js';
import type { AuthScheme } from './auth-scheme.js';
import type { FieldType } from './field-type.js';
import type { JobHandler } from './job-handler.js';
import type { MailTransport } from './mail-transport.js';
import type { OutboundHttpClients } from './outbound-http.js';
import type { SecretSealer } from './secret-sealer.js';
import type { SearchDriver } from './search-driver.js';
import type { StorageDriver } from './storage/index.js';
import type { TranslationProvider } from './translation-provider.js';
import type { Encryptor } from './encryptor.js';
import type { JsonConfigurator, Marshal } from './marshal.js';
import type { SigningKeyFactory } from './token-components.js';

/** The plugin API this host implements. A plugin written for another version is refused at start. */
export const PLUGIN_API_VERSION = 1;

/**
 * A configuration property a plugin reads, declared once: checked before the plugin is set up,
 * read with `readProperties(config, properties)` (its default applied) and listed in the reference.
 */
export type PropertySpec = PropertyDeclaration;

/** What a plugin gets when it is set up. Plugins never reach for host singletons. */
export interface PluginSetupContext {
  config: Config;
  /** A child logger bound to the plugin's name. */
  logger: Logger;
  dataDir: string;
  /** The service's version (outbound HTTP calls say `cms/<version>` as their user agent); set by the host. */
  cmsVersion?: string;
  /** Seals secrets with the encryptor `encryptor.implementation` names (usable once every plugin is set up); set by the host. */
  secrets?: SecretSealer;
  /** Clients for calls to other servers (timeout, size limit, user agent, private-address guard); set by the host. */
  outbound?: OutboundHttpClients;
}

/** Everything a plugin may contribute. Keyed contributions must be unique across all plugins. */
export interface PluginContributions {
  actionlets?: readonly Actionlet[];
  fieldTypes?: readonly FieldType[];
  authSchemes?: readonly AuthScheme[];
  storageDrivers?: readonly StorageDriver[];
  searchDrivers?: readonly SearchDriver[];
  mailTransports?: readonly MailTransport[];
  /** Machine translation services; `translation.provider` names the one used. */
  translationProviders?: readonly TranslationProvider[];
  /** Handlers of durable jobs, by `kind` (see `JobHandler`). */
  jobHandlers?: readonly JobHandler[];
  assetStorages?: readonly AssetStorageDriver[];
  /** Named by `json.web.token.signing.key.factory`. */
  signingKeyFactories?: readonly SigningKeyFactory[];
  /** Named by `marshal.implementation`: writes and reads the system events' JSON. */
  marshals?: readonly Marshal[];
  /** Named by `gson.configurator`: adjusts what the built-in marshal writes and reads. */
  jsonConfigurators?: readonly JsonConfigurator[];
  /** Named by `encryptor.implementation`: encrypts stored secrets. */
  encryptors?: readonly Encryptor[];
  /** Called once on shutdown, before storage closes. */
  close?(): Promise<void>;
}

/**
 * The default export of a plugin module. Built-in plugins are loaded exactly like third-party ones.
 *
 * @example
 * import { definePlugin, defineProperties, readProperties, PLUGIN_API_VERSION } from 'cms/plugin';
 *
 * const properties = defineProperties({
 *   'acme.slack.webhook': { description: 'Incoming webhook URL', required: true, secret: true },
 * });
 *
 * export default definePlugin({
 *   name: 'acme-slack',
 *   apiVersion: PLUGIN_API_VERSION,
 *   cmsVersion: '^0.1.0',
 *   properties,
 *   setup: ({ config }) => ({ actionlets: [slackActionlet(readProperties(config, properties)['acme.slack.webhook']!)] }),
 * });
 */
export interface PluginDescriptor {
  /** Unique among the loaded plugins; shown in errors and logs. */
  name: string;
  /** The plugin API the plugin was written for (`PLUGIN_API_VERSION`); another one is refused at start. */
  apiVersion: number;
  /** The plugin's own version, shown in the start-up line (built-ins have the service's). */
  version?: string;
  /**
   * The versions of the service the plugin works with, as an npm range (`^0.1.0`, `>=0.1.0 <0.3.0`,
   * `0.1.x || 0.2.x`). A service whose version is outside it refuses to start, naming the plugin,
   * the range and its own version. Leave it out to load on any version of this plugin API.
   */
  cmsVersion?: string;
  description?: string;
  properties?: PropertyDeclarations;
  setup(context: PluginSetupContext): PluginContributions | Promise<PluginContributions>;
}

/** Identity function that exists for type inference and editor help. */
export function definePlugin(descriptor: PluginDescriptor): PluginDescriptor {
  return descriptor;
}
