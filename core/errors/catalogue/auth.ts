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
  AUTH_BACKEND_USER_REQUIRED: {
    kind: 'forbidden',
    message: 'Only back-end users may do this',
    meaning:
      'The caller is signed in but is a front-end user: neither an administrator nor a holder of the `backend user` role. Reading analytics is for back-end users; an administrator grants the role.',
  },
  PERMISSION_DENIED: {
    kind: 'forbidden',
    message: 'User {user} does not have {permission} permission on {asset}',
    meaning:
      "None of the caller's roles is granted the permission on the item, its content type or its site (directly or inherited), so nothing was read or changed. An administrator grants it with `PUT /api/v1/permissions/{assetId}`.",
  },
  PERMISSION_ASSET_NOT_FOUND: {
    kind: 'not_found',
    message: 'No site, folder, content type or content with id {asset}',
    meaning:
      'The permission endpoints name an asset by a site id, a folder id, a content type id or variable, or a content identifier.',
  },
  PERMISSION_ROLE_UNKNOWN: {
    kind: 'invalid',
    message: 'Role {role} does not exist',
    meaning: 'A permission is granted to a role id (or role key) that no role has.',
  },
  PERMISSION_NAME_UNKNOWN: {
    kind: 'invalid',
    message: 'Unknown permission {permission}: use READ, WRITE, PUBLISH, EDIT_PERMISSIONS or CAN_ADD_CHILDREN',
    meaning: 'A permission list names something other than the five permissions.',
  },
  PERMISSION_TYPE_UNKNOWN: {
    kind: 'invalid',
    message:
      'Unknown permission type {type}: use CONTENTLETS, HTMLPAGES, FILES, STRUCTURES, FOLDERS, CONTAINERS, LINKS or TEMPLATES',
    meaning: '`permissiontype` of `_bypermissiontype` names a kind of asset the original does not have.',
  },
  PERMISSION_SYSTEM_HOST_RESET: {
    kind: 'invalid',
    message: 'The system host has nothing to inherit from: give it permissions instead',
    meaning: 'SYSTEM_HOST is where every inheritance ends, so its permissions cannot be reset to inherit.',
  },
});
