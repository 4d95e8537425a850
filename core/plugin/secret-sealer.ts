/**
 * Encryption of secrets with the installation's key (AES-256-GCM), for a plugin that must keep a
 * credential somewhere it could be read (a job payload): seal it there, open it when it is used.
 *
 * @example
 * const payload = { token: secrets.seal(context.params.apiToken) };
 * // ... in the job handler:
 * const token = secrets.open(payload.token);
 */
export interface SecretSealer {
  seal(text: string): string;
  /** Throws when the value was not sealed with this installation's key, or was altered. */
  open(sealed: string): string;
}
