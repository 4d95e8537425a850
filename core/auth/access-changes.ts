/**
 * Told when a credential or a user's standing may have ended in this process: a session signed
 * out, a token revoked or deleted, a user whose cached standing was dropped (deactivated, new
 * password, new roles). Holders of long-lived connections listen and check their callers again;
 * within the cache period of `auth.session.cache.seconds` they also catch what another process did.
 */
export class AccessChanges {
  private readonly listeners = new Set<() => void>();

  changed(): void {
    for (const listener of this.listeners) listener();
  }

  /** Answers the function that stops listening. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
}
