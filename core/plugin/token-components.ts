/**
 * The four parts of signed tokens the original lets an installation replace by class name
 * (`json.web.token.signing.key.factory`, `marshal.implementation`, `gson.configurator`,
 * `encryptor.implementation`). Here each is a named plugin contribution, resolved like every other
 * plugin name: a property naming no loaded contribution stops start-up, naming the property and
 * the value. The built-in ones carry the names of the original's default classes.
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

/**
 * Writes and reads the JSON of token metadata (`marshal.implementation`).
 * NOTE: the service writes its answers with its own JSON serialiser; a marshal is resolved so that
 * the name is checked, and is what token metadata is written with by plugins that ask for it.
 */
export interface Marshal {
  name: string;
  stringify(value: unknown): string;
  parse(text: string): unknown;
}

/** Adjusts how a marshal writes values (`gson.configurator`): a `JSON.stringify` replacer. */
export interface JsonConfigurator {
  name: string;
  replacer(key: string, value: unknown): unknown;
}

/** Digests of secrets (`encryptor.implementation`). */
export interface Encryptor {
  name: string;
  /** A one-way digest of `text`, as text. */
  digest(text: string): string;
}

/** Identity function that exists for type inference and editor help. */
export function defineSigningKeyFactory(factory: SigningKeyFactory): SigningKeyFactory {
  return factory;
}
