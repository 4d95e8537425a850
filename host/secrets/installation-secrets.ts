import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SecretBox } from '../../core/secrets/secret-box.js';

/** The key's file in the data directory. */
export const SECRETS_KEY_FILE = 'secrets.key';

/** The installation's secret box: its key is made on first use (mode 0600) and shared by every process on the data directory. */
export function installationSecrets(dataDir: string): SecretBox {
  return new SecretBox(() => readOrMakeKey(join(dataDir, SECRETS_KEY_FILE)));
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
