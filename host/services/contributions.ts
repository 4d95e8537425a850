import type { DependencyContainer } from 'tsyringe';
import type { AssetStorageDriver } from '../../core/plugin/asset-storage.js';
import type { AuthScheme } from '../../core/plugin/auth-scheme.js';
import type { MailTransport } from '../../core/plugin/mail-transport.js';
import { unnamedContribution, type PluginRegistry } from '../../core/plugin/registry.js';
import type { SearchDriver } from '../../core/plugin/search-driver.js';
import type { StorageDriver } from '../../core/plugin/storage/index.js';
import type { Encryptor } from '../../core/plugin/encryptor.js';
import type { JsonConfigurator, Marshal } from '../../core/plugin/marshal.js';
import type { SigningKeyFactory } from '../../core/plugin/token-components.js';
import type { TranslationProvider } from '../../core/plugin/translation-provider.js';

/** Every configuration property that names a plugin contribution, and what it names. */
interface Named {
  'storage.driver': StorageDriver;
  'search.driver': SearchDriver;
  'auth.schemes': AuthScheme;
  'mail.transport': MailTransport;
  'assets.driver': AssetStorageDriver;
  'translation.provider': TranslationProvider;
  'json.web.token.signing.key.factory': SigningKeyFactory;
  'marshal.implementation': Marshal;
  'gson.configurator': JsonConfigurator;
  'encryptor.implementation': Encryptor;
}

/** Where the loaded plugins' contributions of each kind are. */
const NAMED_FROM: {
  [P in keyof Named]: (r: PluginRegistry) => { keys(): string[]; get(name: string): Named[P] | undefined };
} = {
  'storage.driver': (r) => r.storageDrivers,
  'search.driver': (r) => r.searchDrivers,
  'auth.schemes': (r) => r.authSchemes,
  'mail.transport': (r) => r.mailTransports,
  'assets.driver': (r) => r.assetStorages,
  'translation.provider': (r) => r.translationProviders,
  // The original's class-path properties.
  'json.web.token.signing.key.factory': (r) => r.signingKeyFactories,
  'marshal.implementation': (r) => r.marshals,
  'gson.configurator': (r) => r.jsonConfigurators,
  'encryptor.implementation': (r) => r.encryptors,
};

export type NamingProperty = keyof Named;

/** What a property names: a storage driver for `storage.driver`, and so on. */
export type Contribution<P extends NamingProperty> = Named[P];

const tokenOf = (property: string, name: string) => `contribution:${property}:${name}`;
const namesOf = (property: string) => `contributions:${property}`;

/**
 * The plugins' contributions that configuration names, registered in the app's container (a token
 * per property and name); a property's value is resolved through it. A name nothing contributes
 * stops start-up with one line: the property, where it was set, what is available, the likely one.
 */
export class NamedContributions {
  constructor(
    private readonly container: DependencyContainer,
    /** Where a property was set (`cms.properties line 2`), for the start-up error. */
    private readonly origin: (property: string) => string | undefined,
  ) {}

  /** Registers what the loaded plugins contribute under the properties that name it. */
  register(registry: PluginRegistry): void {
    for (const [property, from] of Object.entries(NAMED_FROM)) {
      const kind = from(registry);
      for (const name of kind.keys()) this.container.register(tokenOf(property, name), { useValue: kind.get(name) });
      this.container.register(namesOf(property), { useValue: kind.keys() });
    }
  }

  /** The contribution `value` names as the value of `property`. */
  named<P extends NamingProperty>(property: P, value: string): Contribution<P> {
    const token = tokenOf(property, value);
    if (this.container.isRegistered(token)) return this.container.resolve<Contribution<P>>(token);
    const available = this.container.isRegistered(namesOf(property))
      ? this.container.resolve<string[]>(namesOf(property))
      : [];
    throw unnamedContribution(property, value, available, this.origin(property));
  }
}
