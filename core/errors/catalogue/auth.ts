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
    meaning: 'The account is held back after repeated failures; `Retry-After` says for how long.',
  },
  AUTH_FORBIDDEN: {
    kind: 'forbidden',
    message: 'Only administrators may do this',
    meaning: 'The route is for administrators and the caller is not one.',
  },
});
