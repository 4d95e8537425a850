import { defineErrors } from '../error-entry.js';

/** Users, roles, sites and languages. */
export const administrationErrors = defineErrors('administration', {
  USER_EMAIL_INVALID: {
    kind: 'invalid',
    message: '"{email}" is not an e-mail address',
    meaning: "A user's e-mail is malformed.",
  },
  USER_PASSWORD_REQUIRED: {
    kind: 'invalid',
    message: 'A password is required',
    meaning: 'A new user needs a password.',
  },
  USER_PASSWORD_TOO_SHORT: {
    kind: 'invalid',
    message: 'The password must be at least {min} characters long',
    meaning: 'A password set through the interface is shorter than `auth.password.min.length`.',
  },
  USER_PASSWORD_TOO_LONG: {
    kind: 'invalid',
    message: 'The password must be at most {max} characters long',
    meaning: 'A password set through the interface is longer than the service hashes (256 characters).',
  },
  USER_PASSWORD_TOO_COMMON: {
    kind: 'invalid',
    message: 'The password is one of the most commonly used passwords; choose another',
    meaning:
      'A password set through the interface is on the bundled list of the most common passwords (compared case-insensitively).',
  },
  USER_ROLE_UNKNOWN: {
    kind: 'invalid',
    message: 'Role {role} does not exist',
    meaning: 'A role granted to a user does not exist.',
  },
  USER_SELF_DEACTIVATION: {
    kind: 'invalid',
    message: 'You cannot deactivate your own account',
    meaning:
      'An administrator tried to deactivate themselves: nobody could then sign in to undo it if they were the last administrator. Another administrator may.',
  },
  USER_ID_INVALID: {
    kind: 'invalid',
    message: '"{userId}" is not a user id: letters, digits and . _ - @, at most 100 characters',
    meaning: 'A new user was given an id (`userId`) of other characters, or a longer one.',
  },
  USER_SELF_DELETION: {
    kind: 'invalid',
    message: 'You cannot delete your own account',
    meaning: 'An administrator tried to delete themselves; another administrator may.',
  },
  USER_REPLACEMENT_NOT_FOUND: {
    kind: 'invalid',
    message: 'User replacement with id {user} does not exist',
    meaning:
      "`replacementUserId` of a user's deletion names no user, or the user being deleted: the replacement must be another existing user.",
  },
  USER_NOT_FOUND: { kind: 'not_found', message: 'User {user} not found', meaning: 'No user has this id.' },
  ROLE_NAME_REQUIRED: { kind: 'invalid', message: 'A role name is required', meaning: 'A new role needs a name.' },
  ROLE_NOT_FOUND: { kind: 'not_found', message: 'Role {role} not found', meaning: 'No role has this id.' },
  ROLE_PARENT_NOT_FOUND: {
    kind: 'not_found',
    message: 'Parent role {role} not found',
    meaning: 'The parent given to a new role (`parentRoleId`) names no role.',
  },
  ROLE_PARENT_PERSONAL: {
    kind: 'invalid',
    message: 'Role {role} is the personal role of a user and cannot have child roles',
    meaning: 'The parent given to a new role is a personal role: only shared roles form the role tree.',
  },
  ROLE_NOT_DELETABLE: {
    kind: 'forbidden',
    message: 'Role {role} is a system or personal role and cannot be deleted',
    meaning:
      'Roles seeded by the service are never deleted; a personal role goes only with its user (`DELETE /api/v1/users/{id}`).',
  },
  ROLE_HAS_CHILDREN: {
    kind: 'conflict',
    message: 'Role {role} has {count} child role(s) and cannot be deleted; delete its children first',
    meaning: 'A role is deleted only once no role has it as parent, so no role is left without its place in the tree.',
  },
  ROLE_ASSIGNED_BY_WORKFLOW: {
    kind: 'conflict',
    message: 'Role {role} is the assignee of workflow actions and cannot be deleted: {actions}',
    meaning:
      'Workflow actions assign items to the role (their `nextAssign`); change those actions first. The message names each scheme and its actions.',
  },
  SITE_NAME_INVALID: {
    kind: 'invalid',
    message: '"{siteName}" is not a valid site name (letters, digits, dots, dashes)',
    meaning: 'A site name is malformed.',
  },
  SITE_NOT_FOUND: {
    kind: 'not_found',
    message: 'Site {site} not found',
    meaning: 'No site has this identifier or name.',
  },
  SITE_DEFAULT_NOT_ARCHIVABLE: {
    kind: 'conflict',
    message: "the default site can't be archived",
    meaning:
      "The default site answers every host name no other site claims: it is never archived (the original's words).",
  },
  SITE_DEFAULT_NOT_DELETABLE: {
    kind: 'conflict',
    message: "the default site can't be deleted",
    meaning: "The default site is never deleted (the original's words); make another site the default first.",
  },
  SITE_SYSTEM_UNCHANGEABLE: {
    kind: 'conflict',
    message: "the system site can't be {change}",
    meaning: 'SYSTEM_HOST holds what belongs to no site: it is never archived, unarchived or deleted.',
  },
  SITE_NOT_ARCHIVED: {
    kind: 'conflict',
    message: 'Site {site} must be archived before it can be deleted',
    meaning: 'Only an archived site is deleted, as in the original: archive it first.',
  },
  LANGUAGE_NOT_FOUND: {
    kind: 'invalid',
    message: 'The provided languageId does not exist',
    meaning: "A language id that is not a number or names no language (the original's words and status).",
  },
  LANGUAGE_ID_INVALID: {
    kind: 'invalid',
    message: 'The provided languageId does not exist',
    meaning: 'The language id in the path is not a number.',
  },
  LANGUAGE_CODE_INVALID: {
    kind: 'invalid',
    message: '"{code}" is not a language code',
    meaning: 'A language code is not 1 to 8 letters.',
  },
  LANGUAGE_COUNTRY_INVALID: {
    kind: 'invalid',
    message: '"{code}" is not a country code',
    meaning: 'A country code is not up to 8 letters or digits.',
  },
});
