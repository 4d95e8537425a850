import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretSealer } from '../plugin/secret-sealer.js';

const PREFIX = 'sealed:v1.';

/** True for a value `SecretBox.seal` made (a value stored before sealing began is not). */
export function isSealed(text: string): boolean {
  return text.startsWith(PREFIX);
}

/**
 * AES-256-GCM with the installation's key (the host keeps it in the data directory). Every process
 * sharing the data directory has the same key, so any of them opens what another sealed.
 */
export class SecretBox implements SecretSealer {
  private loaded: Buffer | undefined;

  /** `key` is the 32-byte key, or what reads it: read on first use, so an unused box touches no file. */
  constructor(private readonly key: Buffer | (() => Buffer)) {}

  private get keyBytes(): Buffer {
    return (this.loaded ??= typeof this.key === 'function' ? this.key() : this.key);
  }

  /** `sealed:v1.<iv>.<tag>.<ciphertext>`, base64url. */
  seal(text: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keyBytes, iv);
    const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return PREFIX + [iv, cipher.getAuthTag(), sealed].map((p) => p.toString('base64url')).join('.');
  }

  open(sealed: string): string {
    const [iv, tag, data] = isSealed(sealed) ? sealed.slice(PREFIX.length).split('.') : [];
    if (!iv || !tag || data === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.keyBytes, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}
