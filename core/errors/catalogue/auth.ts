import { defineErrors } from '../error-entry.js';

/** Signing in and permissions. */
export const authErrors = defineErrors('auth', {
  AUTH_INVALID_USER: {
    kind: 'unauthenticated',
    message: 'Invalid User',
    meaning: "No valid credentials: missing, wrong, expired or for an inactive user (the original's words).",
  },
  AUTH_TOO_MANY_ATTEMPTS: {
    kind: 'too_many_requests',
    message: 'Too many failed sign-in attempts; try again later',
    meaning:
      'Repeated failures hold back the client address, or this account from that address, or (for addresses that have failed) the account itself; `Retry-After` says for how long.',
  },
  AUTH_BUSY: {
    kind: 'unavailable',
    message: 'Too many sign-ins at once; try again shortly',
    meaning:
      'Password checks are rationed: as many as allowed were running and waiting (`auth.hash.concurrency`, `auth.hash.queue.size`), or this one gave its place to a sign-in from an address of better standing. Nothing was checked; `Retry-After` says when to try again.',
  },
  AUTH_SESSION_DISABLED: {
    kind: 'forbidden',
    message: 'session sign-in is not enabled',
    meaning:
      'The `session` scheme is not in `auth.schemes`, so a session cookie would never be accepted: sign in with a scheme that is enabled (Basic, an API token) instead.',
  },
  AUTH_FORBIDDEN: {
    kind: 'forbidden',
    message: 'Only administrators may do this',
    meaning: 'The route is for administrators and the caller is not one.',
  },
});
