/**
 * Encryption of secrets with the encryptor `encryptor.implementation` names (by default AES-256-GCM
 * with the installation's key), for a plugin that must keep a credential somewhere it could be read
 * (a job payload): seal it there, open it when it is used.
 *
 * @example
 * const payload = { token: secrets.seal(context.params.apiToken) };
 * // ... in the job handler:
 * const token = secrets.open(payload.token);
 */
export interface SecretSealer {
  seal(text: string): string;
  /** Throws when the value was not sealed by this installation's encryptor, or was altered. */
  open(sealed: string): string;
  /** Whether `text` is a sealed value (one stored in clear before sealing began is not). */
  isSealed(text: string): boolean;
}
