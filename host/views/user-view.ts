import { Type, type Static } from '@sinclair/typebox';
import type { Principal } from '../../core/auth/principal.js';
import type { User } from '../../core/model/user.js';
import { SEED_IDS } from '../../core/setup/seed-installation.js';
import { EpochMillis } from './schema-parts.js';

/** `currentUserView`'s shape, for the OpenAPI document. */
export const CurrentUserSchema = Type.Object({
  userId: Type.String(),
  givenName: Type.String(),
  surname: Type.String(),
  email: Type.String(),
  roleId: Type.String(),
  admin: Type.Boolean(),
  loginAs: Type.Boolean(),
});

/** The user as `GET /api/v1/users/current` answers it (compatibility notes: Tokens). */
export function currentUserView(principal: Principal): Static<typeof CurrentUserSchema> {
  const { user } = principal;
  return {
    userId: user.userId,
    givenName: user.firstName,
    surname: user.lastName,
    email: user.email,
    roleId: user.roleId,
    admin: principal.admin,
    loginAs: principal.admin,
  };
}

/** `userView`'s shape, for the OpenAPI document. */
export const UserSchema = Type.Object({
  userId: Type.String(),
  id: Type.String({ description: 'The user id again' }),
  email: Type.String(),
  emailAddress: Type.String({ description: 'The e-mail again' }),
  firstName: Type.String(),
  lastName: Type.String(),
  fullName: Type.String(),
  active: Type.Boolean(),
  admin: Type.Boolean({ description: 'Holds the administrator role' }),
  backendUser: Type.Boolean({ description: 'An administrator, or holds the back-end user role' }),
  frontendUser: Type.Boolean({ description: 'Not a back-end user' }),
  name: Type.String({ description: 'The full name again' }),
  roleId: Type.String({ description: 'The user’s personal role' }),
  roles: Type.Array(Type.String(), { description: 'Ids of the roles granted' }),
  createDate: EpochMillis,
  modificationDate: EpochMillis,
});

/** A user in the administration endpoints. Never the password hash. */
export function userView(user: User, roleIds: readonly string[]): Static<typeof UserSchema> {
  const admin = roleIds.includes(SEED_IDS.adminRole);
  const backendUser = admin || roleIds.includes(SEED_IDS.backendUserRole);
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  return {
    userId: user.userId,
    id: user.userId,
    email: user.email,
    emailAddress: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName,
    active: user.active,
    admin,
    backendUser,
    frontendUser: !backendUser,
    name: fullName,
    roleId: user.roleId,
    roles: [...roleIds],
    createDate: user.createdAt,
    modificationDate: user.modDate,
  };
}

/**
 * A saved user as the original answers a creation or change (`userID`, `user`), with the user's
 * own members beside them so that clients reading either shape find what they read.
 */
export const UserSavedSchema = Type.Composite([
  UserSchema,
  Type.Object({
    userID: Type.String({ description: 'The user id, as the original names it' }),
    user: UserSchema,
  }),
]);

export function userSavedView(user: User, roleIds: readonly string[]): Static<typeof UserSavedSchema> {
  const view = userView(user, roleIds);
  return { ...view, userID: user.userId, user: view };
}

/** The answer to a user's deletion, in the original's members. */
export const UserDeletedSchema = Type.Object({
  status: Type.Literal('success'),
  deletedUser: Type.String({ description: 'The id of the user deleted' }),
  reassignedTo: Type.String({
    description: "The user the deleted user's content was handed to (the caller when left out)",
  }),
});

/** A user someone may sign in as (`loginAsData`): `requestPassword` when the user is an administrator. */
export const LoginAsUserSchema = Type.Composite([
  UserSchema,
  Type.Object({
    requestPassword: Type.Boolean({ description: 'An administrator: the original asks for a password' }),
  }),
]);
