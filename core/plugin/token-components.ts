/**
 * The signing key of tokens, which the original lets an installation replace by class name
 * (`json.web.token.signing.key.factory`). Here it is a named plugin contribution, resolved like
 * every other plugin name: a property naming no loaded contribution stops start-up, naming the
 * property and the value. The built-in one carries the name of the original's default class.
 */

/**
 * Turns `json.web.token.hash.signing.key` into the HMAC key API keys and `access_token` cookies are
 * signed with (HS256). Called once at start. Never log the secret or the key.
 *
 * @example
 * // A key kept in a file or a key vault rather than in the properties.
 * const vaultKey: SigningKeyFactory = { name: 'acme.VaultKey', createKey: () => readKeyFromVault() };
 */
export interface SigningKeyFactory {
  name: string;
  /** At least 32 bytes are recommended; throw to stop start-up when the secret is unusable. */
  createKey(secret: string): Uint8Array;
}

/** Identity function that exists for type inference and editor help. */
export function defineSigningKeyFactory(factory: SigningKeyFactory): SigningKeyFactory {
  return factory;
}
