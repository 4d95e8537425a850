/** A signed-in session. Only a hash of the cookie's token is stored, so a leaked table opens nothing. */
export interface Session {
  tokenHash: string;
  userId: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
}
