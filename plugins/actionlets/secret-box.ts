import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const KEY_FILE = 'actionlet-secrets.key';

/**
 * Encrypts secrets the actionlets must keep (AES-256-GCM) with a key of this installation, kept in
 * the data directory (made on first use, readable by the owner only). Every process sharing the
 * data directory reads the same key, so any of them can run the job that needs the secret.
 */
export class SecretBox {
  private loaded: Buffer | undefined;

  /** `key` is the 32-byte key, or what reads it: read on first use, so an unused box touches no file. */
  constructor(private readonly key: Buffer | (() => Buffer)) {}

  static forDataDir(dataDir: string): SecretBox {
    return new SecretBox(() => readOrMakeKey(join(dataDir, KEY_FILE)));
  }

  private get keyBytes(): Buffer {
    return (this.loaded ??= typeof this.key === 'function' ? this.key() : this.key);
  }

  /** `v1.<iv>.<tag>.<ciphertext>`, base64url. */
  seal(text: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keyBytes, iv);
    const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), sealed]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.keyBytes, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}

function readOrMakeKey(file: string): Buffer {
  // 'wx' fails when another process made the file first; its key is then read below.
  if (!existsSync(file)) {
    try {
      writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    chmodSync(file, 0o600);
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
}
