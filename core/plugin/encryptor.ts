/**
 * What stored secrets are encrypted with (`encryptor.implementation`, the original's
 * `EncryptorFactory`): secret parameters of workflow sub-actions, push-publishing endpoint tokens,
 * and whatever plugins seal through `SecretSealer`. Exactly one encryptor is in use; the built-in
 * one (`com.dotcms.util.security.EncryptorFactory.EncryptorImpl`) is AES-256-GCM with the
 * installation's key.
 *
 * Values are stored in the chosen encryptor's format: choosing another one leaves those stored
 * before unreadable, so set it before secrets are stored, or enter them again after the change.
 *
 * @example
 * // Secrets kept by a key service rather than with the installation's key.
 * const vault = defineEncryptor({
 *   name: 'acme.VaultEncryptor',
 *   encrypt: (text) => 'vault:' + vaultClient.encrypt(text),
 *   decrypt: (stored) => vaultClient.decrypt(stored.slice('vault:'.length)),
 *   isEncrypted: (text) => text.startsWith('vault:'),
 * });
 */
export interface Encryptor {
  name: string;
  /**
   * The text to store for `plainText`. `key` is the installation's 32-byte key (the original's
   * company key), read from the data directory on first use; an encryptor with a key of its own
   * ignores it. Never log either.
   */
  encrypt(plainText: string, key: Uint8Array): string;
  /** Throws when `encrypted` was not made by this encryptor with this key, or was altered. */
  decrypt(encrypted: string, key: Uint8Array): string;
  /**
   * Whether `text` is a value this encryptor made. A stored secret that is not is taken as one
   * stored in clear before secrets were encrypted, and used as it is.
   */
  isEncrypted(text: string): boolean;
}

/** Identity function that exists for type inference and editor help. */
export function defineEncryptor(encryptor: Encryptor): Encryptor {
  return encryptor;
}
