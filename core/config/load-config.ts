import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { StartupError } from '../errors/index.js';
import { Config, type Environment, type PropertiesFile } from './config.js';
import { parsePropertyLines } from './parse-properties.js';

export interface LoadedConfig {
  config: Config;
  /** Absolute path of the data directory (database file, uploads, outbox). */
  dataDir: string;
}

/** Names read here, before any declaration is known: the check of unknown names knows them too. */
export const LOADER_PROPERTY_NAMES: readonly string[] = ['data.dir'];
export const LOADER_ENVIRONMENT_NAMES: readonly string[] = ['CMS_DATA_DIR', 'CMS_CONFIG'];

/**
 * Reads the properties file and the environment. The data directory comes from the environment
 * (`CMS_DATA_DIR`, default `./data`), or from `data.dir` of a file named by `CMS_CONFIG`; the
 * default file is `cms.properties` inside the data directory.
 */
export function loadConfig(env: Environment, cwd: string): LoadedConfig {
  const explicitFile = env.CMS_CONFIG?.trim() || undefined;
  let file: { info: PropertiesFile; values: Map<string, string> } | undefined;
  if (explicitFile !== undefined) {
    const path = resolve(cwd, explicitFile);
    if (!existsSync(path)) throw new StartupError(`CMS_CONFIG names ${path}, which does not exist`);
    file = readPropertiesFile(path, cwd);
  }
  const dataDir = resolve(cwd, env.CMS_DATA_DIR?.trim() || file?.values.get('data.dir') || './data');
  if (explicitFile === undefined) {
    const defaultFile = resolve(dataDir, 'cms.properties');
    if (existsSync(defaultFile)) file = readPropertiesFile(defaultFile, cwd);
  }
  return { config: new Config(file?.values, env, file?.info ?? null), dataDir };
}

function readPropertiesFile(path: string, cwd: string): { info: PropertiesFile; values: Map<string, string> } {
  let entries;
  try {
    entries = parsePropertyLines(readFileSync(path, 'utf8'));
  } catch (cause) {
    throw new StartupError(`Cannot read the properties file ${path}`, { cause });
  }
  const below = relative(cwd, path);
  const shownAs = below === '' || below.startsWith('..') || isAbsolute(below) ? path : below;
  return {
    info: { path, shownAs, lines: new Map(entries.map(({ key, line }) => [key, line])) },
    values: new Map(entries.map(({ key, value }) => [key, value])),
  };
}
