import type { Repositories } from '../plugin/storage/index.js';

/**
 * Ends for good every credential a user holds: their sessions are deleted and their issued tokens
 * (API keys, `access_token` cookies) revoked. Run in the transaction that deactivates the user, so
 * that reactivating them later brings none of it back: they sign in again, and new keys are made.
 * Storage is what every process reads once its caches expire; the caller forgets its own.
 */
export async function revokeUserCredentials(tx: Repositories, userId: string, now: number): Promise<void> {
  for (const session of await tx.sessions.listByUser(userId)) await tx.sessions.delete(session.tokenHash);
  await tx.issuedTokens.revokeByUser(userId, now);
}
