import type { Encryptor } from '../plugin/encryptor.js';
import type { SecretSealer } from '../plugin/secret-sealer.js';

/**
 * What services seal stored secrets with: the chosen encryptor, given the installation's key.
 * `key` is the key or what reads it: read on first use, so a process that seals nothing touches no
 * key file.
 */
export function encryptorSealer(encryptor: Encryptor, key: Uint8Array | (() => Uint8Array)): SecretSealer {
  let loaded: Uint8Array | undefined;
  const keyBytes = () => (loaded ??= typeof key === 'function' ? key() : key);
  return {
    seal: (text) => encryptor.encrypt(text, keyBytes()),
    open: (sealed) => encryptor.decrypt(sealed, keyBytes()),
    isSealed: (text) => encryptor.isEncrypted(text),
  };
}
