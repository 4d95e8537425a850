import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { StartupError } from '../errors/index.js';
import { Config, type Environment } from './config.js';
import { parseProperties } from './parse-properties.js';

export interface LoadedConfig {
  config: Config;
  /** Absolute path of the data directory (database file, uploads, outbox). */
  dataDir: string;
}

/**
 * Reads the properties file and the environment. The data directory comes from the environment
 * (`CMS_DATA_DIR`, default `./data`), or from `data.dir` of a file named by `CMS_CONFIG`; the
 * default file is `cms.properties` inside the data directory.
 */
export function loadConfig(env: Environment, cwd: string): LoadedConfig {
  const explicitFile = env.CMS_CONFIG?.trim() || undefined;
  let fileValues = new Map<string, string>();
  let source: string | null = null;
  if (explicitFile !== undefined) {
    source = resolve(cwd, explicitFile);
    if (!existsSync(source)) throw new StartupError(`CMS_CONFIG names ${source}, which does not exist`);
    fileValues = readProperties(source);
  }
  const dataDir = resolve(cwd, env.CMS_DATA_DIR?.trim() || fileValues.get('data.dir') || './data');
  if (explicitFile === undefined) {
    const defaultFile = resolve(dataDir, 'cms.properties');
    if (existsSync(defaultFile)) {
      source = defaultFile;
      fileValues = readProperties(defaultFile);
    }
  }
  return { config: new Config(fileValues, env, source), dataDir };
}

function readProperties(path: string): Map<string, string> {
  try {
    return parseProperties(readFileSync(path, 'utf8'));
  } catch (cause) {
    throw new StartupError(`Cannot read the properties file ${path}`, { cause });
  }
}
