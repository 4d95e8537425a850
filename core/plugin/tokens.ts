/**
 * Injection tokens. Typed symbols, so that core declares them without depending on the container
 * library; only the host registers and resolves them.
 */
export type Token<T> = symbol & { readonly __type?: T };

function token<T>(description: string): Token<T> {
  return Symbol.for(`cms.${description}`) as Token<T>;
}

import type { Config } from '../config/config.js';
import type { Logger } from '../logger.js';
import type { Storage } from './storage/index.js';
import type { PluginRegistry } from './registry.js';
import type { SearchIndex } from './search-driver.js';

export const ConfigToken = token<Config>('Config');
export const LoggerToken = token<Logger>('Logger');
export const DataDirToken = token<string>('DataDir');
export const StorageToken = token<Storage>('Storage');
export const PluginRegistryToken = token<PluginRegistry>('PluginRegistry');
export const SearchIndexToken = token<SearchIndex>('SearchIndex');
