import { closestName } from '../config/edit-distance.js';
import { StartupError } from '../errors/index.js';
import type { Actionlet } from './actionlet.js';
import type { AssetStorageDriver } from './asset-storage.js';
import type { AuthScheme } from './auth-scheme.js';
import { canonicalFieldClassName, type FieldType } from './field-type.js';
import type { JobHandler } from './job-handler.js';
import type { MailTransport } from './mail-transport.js';
import type { PluginContributions } from './plugin.js';
import type { SearchDriver } from './search-driver.js';
import type { StorageDriver } from './storage/index.js';
import type { TranslationProvider } from './translation-provider.js';
import type { Encryptor } from './encryptor.js';
import type { JsonConfigurator, Marshal } from './marshal.js';
import type { SigningKeyFactory } from './token-components.js';

/** Contributions of one kind, keyed; remembers which plugin brought each key. */
class Keyed<T> {
  private readonly items = new Map<string, { plugin: string; item: T }>();

  constructor(
    private readonly what: string,
    private readonly keyOf: (item: T) => string,
  ) {}

  add(plugin: string, item: T): void {
    const key = this.keyOf(item);
    const existing = this.items.get(key);
    if (existing) {
      throw new StartupError(
        `${this.what} "${key}" is contributed by both plugin ${existing.plugin} and plugin ${plugin}`,
      );
    }
    this.items.set(key, { plugin, item });
  }

  get(key: string): T | undefined {
    return this.items.get(key)?.item;
  }

  keys(): string[] {
    return [...this.items.keys()];
  }

  values(): T[] {
    return [...this.items.values()].map((e) => e.item);
  }
}

export interface LoadedPlugin {
  name: string;
  version: string | undefined;
}

/** Everything the loaded plugins contribute, in load order. */
export class PluginRegistry {
  readonly actionlets = new Keyed<Actionlet>('Actionlet', (a) => a.actionClass);
  readonly fieldTypes = new Keyed<FieldType>('Field type', (f) => canonicalFieldClassName(f.className));
  readonly authSchemes = new Keyed<AuthScheme>('Auth scheme', (s) => s.name);
  readonly storageDrivers = new Keyed<StorageDriver>('Storage driver', (d) => d.name);
  readonly searchDrivers = new Keyed<SearchDriver>('Search driver', (d) => d.name);
  readonly mailTransports = new Keyed<MailTransport>('Mail transport', (t) => t.name);
  readonly jobHandlers = new Keyed<JobHandler>('Job handler', (h) => h.kind);
  readonly translationProviders = new Keyed<TranslationProvider>('Translation provider', (p) => p.name);
  readonly assetStorages = new Keyed<AssetStorageDriver>('Asset storage', (d) => d.name);
  readonly signingKeyFactories = new Keyed<SigningKeyFactory>('Signing key factory', (f) => f.name);
  readonly marshals = new Keyed<Marshal>('Marshal', (m) => m.name);
  readonly jsonConfigurators = new Keyed<JsonConfigurator>('JSON configurator', (c) => c.name);
  readonly encryptors = new Keyed<Encryptor>('Encryptor', (e) => e.name);
  private readonly closers: Array<{ plugin: string; close: () => Promise<void> }> = [];
  private readonly loadedPlugins: LoadedPlugin[] = [];

  /** Registers what a plugin contributes; `version` is the plugin's, for the start-up line. */
  add(plugin: string, contributions: PluginContributions, version?: string): void {
    if (this.loadedPlugins.some((p) => p.name === plugin)) throw new StartupError(`Plugin ${plugin} is loaded twice`);
    this.loadedPlugins.push({ name: plugin, version });
    for (const a of contributions.actionlets ?? []) this.actionlets.add(plugin, a);
    for (const f of contributions.fieldTypes ?? []) this.fieldTypes.add(plugin, f);
    for (const s of contributions.authSchemes ?? []) this.authSchemes.add(plugin, s);
    for (const d of contributions.storageDrivers ?? []) this.storageDrivers.add(plugin, d);
    for (const d of contributions.searchDrivers ?? []) this.searchDrivers.add(plugin, d);
    for (const t of contributions.mailTransports ?? []) this.mailTransports.add(plugin, t);
    for (const h of contributions.jobHandlers ?? []) this.jobHandlers.add(plugin, h);
    for (const p of contributions.translationProviders ?? []) this.translationProviders.add(plugin, p);
    for (const d of contributions.assetStorages ?? []) this.assetStorages.add(plugin, d);
    for (const f of contributions.signingKeyFactories ?? []) this.signingKeyFactories.add(plugin, f);
    for (const m of contributions.marshals ?? []) this.marshals.add(plugin, m);
    for (const c of contributions.jsonConfigurators ?? []) this.jsonConfigurators.add(plugin, c);
    for (const e of contributions.encryptors ?? []) this.encryptors.add(plugin, e);
    if (contributions.close) this.closers.push({ plugin, close: contributions.close });
  }

  /** Something the host gave the plugins (their outbound clients) that closes after every plugin's close hook. */
  closeAfterPlugins(owner: string, close: () => Promise<void>): void {
    this.closers.unshift({ plugin: owner, close });
  }

  plugins(): readonly string[] {
    return this.loadedPlugins.map((p) => p.name);
  }

  /** The plugins loaded, in load order, with their versions when they say. */
  loaded(): readonly LoadedPlugin[] {
    return this.loadedPlugins;
  }

  /** Close hooks in reverse load order; answers the failures instead of throwing, so all run. */
  async close(): Promise<Array<{ plugin: string; error: unknown }>> {
    const failures: Array<{ plugin: string; error: unknown }> = [];
    for (const { plugin, close } of [...this.closers].reverse()) {
      try {
        await close();
      } catch (error) {
        failures.push({ plugin, error });
      }
    }
    return failures;
  }
}

/**
 * Looks up a named contribution chosen by a property; a miss names the property, the value, where
 * it was set (`origin`: `cms.properties line 2`), the names available and the likely one.
 */
export function resolveNamed<T>(kind: Keyed<T>, property: string, value: string, origin?: string): T {
  const found = kind.get(value);
  if (found === undefined) throw unnamedContribution(property, value, kind.keys(), origin);
  return found;
}

/** The start-up error of a property naming no contribution among `available` (see `resolveNamed`). */
export function unnamedContribution(
  property: string,
  value: string,
  available: readonly string[],
  origin?: string,
): StartupError {
  const suggestion = closestName(value, [...available], 2);
  return new StartupError(
    `Configuration property ${property}="${value}"${origin ? ` (${origin})` : ''} does not name a loaded plugin contribution` +
      (available.length
        ? ` (available: ${available.join(', ')})`
        : ' (none is available: no loaded plugin contributes one)') +
      (suggestion ? ` — did you mean ${suggestion}?` : ''),
  );
}
