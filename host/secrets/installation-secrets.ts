import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../core/config/config.js';
import { readProperty } from '../../core/config/properties.js';
import type { Encryptor } from '../../core/plugin/encryptor.js';
import type { SecretSealer } from '../../core/plugin/secret-sealer.js';
import { resolveNamed, type PluginRegistry } from '../../core/plugin/registry.js';
import { encryptorSealer } from '../../core/secrets/encryptor-sealer.js';
import { HOST_PROPERTIES } from '../settings/settings-properties.js';

/** The key's file in the data directory. */
export const SECRETS_KEY_FILE = 'secrets.key';

const PROPERTY = 'encryptor.implementation';

/**
 * The installation's sealer: the encryptor `encryptor.implementation` names (a name no loaded
 * plugin contributes stops start-up), given the installation's key. The key is made on first use
 * (mode 0600) and shared by every process on the data directory.
 */
export function installationSecrets(registry: PluginRegistry, config: Config, dataDir: string): SecretSealer {
  const name = readProperty(config, PROPERTY, HOST_PROPERTIES[PROPERTY]);
  return installationSealer(resolveNamed(registry.encryptors, PROPERTY, name, config.origin(PROPERTY)), dataDir);
}

/** Seals with `encryptor`, given the installation's key from `dataDir`. */
export function installationSealer(encryptor: Encryptor, dataDir: string): SecretSealer {
  return encryptorSealer(encryptor, () => readOrMakeKey(join(dataDir, SECRETS_KEY_FILE)));
}

/**
 * The sealer plugins get in their setup context, before the encryptor can be chosen (it is chosen
 * among every plugin's contributions): it seals with `sealer()` once that answers one, and refuses
 * with the reason before.
 */
export function sealerOnceLoaded(sealer: () => SecretSealer | undefined): SecretSealer {
  const chosen = () => {
    const found = sealer();
    if (!found) throw new Error('secrets can be sealed once every plugin is set up, not during a setup');
    return found;
  };
  return {
    seal: (text) => chosen().seal(text),
    open: (sealed) => chosen().open(sealed),
    isSealed: (text) => chosen().isSealed(text),
  };
}

function readOrMakeKey(file: string): Buffer {
  if (!existsSync(file)) {
    // 'wx' fails when another process made the file first; its key is then read below.
    try {
      writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    chmodSync(file, 0o600);
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
}
