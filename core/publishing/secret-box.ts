import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Encrypts endpoint keys at rest with AES-256-GCM, under a key derived from the installation's
 * signing key. The sender must present an endpoint's key, so it cannot keep a hash of it; a copy of
 * the database alone does not reveal the keys. NOTE: changing the signing key makes the stored keys
 * unreadable: enter them again (see docs/push-publishing.md).
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(installationKey: Uint8Array) {
    this.key = Buffer.from(hkdfSync('sha256', installationKey, Buffer.alloc(0), 'cms push endpoint keys', 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), sealed.toString('base64')].join(
      '.',
    );
  }

  /** Throws when the value was sealed under another key or altered. */
  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('not a sealed endpoint key');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  }
}
