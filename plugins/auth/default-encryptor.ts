import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { defineEncryptor } from '../../core/plugin/kit.js';

/** The format's marker; values sealed before encryptors were pluggable carry it too, and still open. */
const PREFIX = 'sealed:v1.';

/**
 * AES-256-GCM with the installation's key, under the name of the original's default encryptor so
 * that a configuration naming it keeps working. Every process sharing the data directory has the
 * same key, so any of them opens what another sealed. Stored as `sealed:v1.<iv>.<tag>.<data>`,
 * each part base64url.
 */
export const defaultEncryptor = defineEncryptor({
  name: 'com.dotcms.util.security.EncryptorFactory.EncryptorImpl',
  encrypt(plainText, key) {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const data = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]);
    return PREFIX + [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url')).join('.');
  },
  decrypt(encrypted, key) {
    const [iv, tag, data] = encrypted.startsWith(PREFIX) ? encrypted.slice(PREFIX.length).split('.') : [];
    if (!iv || !tag || data === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  },
  isEncrypted: (text) => text.startsWith(PREFIX),
});
