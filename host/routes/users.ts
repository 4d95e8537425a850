import { Type } from '@sinclair/typebox';
import { PagingQuery, pagedReply } from '../http/paging.js';
import { route } from '../http/route.js';
import { sortable } from '../http/sorting.js';
import { defineRoutes } from './route-module.js';
import { PasswordField, passwordText } from '../route-helpers/password-field.js';
import { UserSavedSchema, UserSchema, userSavedView, userView } from '../views/user-view.js';

const NewUser = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 254 }),
  firstName: Type.String({ maxLength: 100 }),
  lastName: Type.String({ maxLength: 100 }),
  password: PasswordField,
  roles: Type.Optional(Type.Array(Type.String({ maxLength: 255 }), { maxItems: 200 })),
  userId: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Generated when left out' })),
  active: Type.Optional(Type.Boolean({ description: 'False: created inactive' })),
});

/** Members left out stay as they are; `roles` (ids or keys) replaces the granted roles. */
const UserChanges = Type.Object({
  email: Type.Optional(Type.String({ minLength: 3, maxLength: 254 })),
  firstName: Type.Optional(Type.String({ maxLength: 100 })),
  lastName: Type.Optional(Type.String({ maxLength: 100 })),
  password: Type.Optional(PasswordField),
  roles: Type.Optional(Type.Array(Type.String({ maxLength: 255 }), { maxItems: 200 })),
  active: Type.Optional(Type.Boolean()),
});

/** The original's user list sorts by these (`/api/v1/users/filter`), with its column names. */
const userSort = sortable(
  {
    email: ['email', 'emailAddress'],
    firstName: ['firstName', 'first_name'],
    lastName: ['lastName', 'last_name'],
    userId: ['userId', 'user_id'],
    createdAt: ['createDate', 'create_date', 'createdAt'],
    modDate: ['modDate', 'mod_date'],
  },
  'email',
);
/** `filter`: the original's name for the text searched in e-mails and names. */
const UserListQuery = Type.Composite([
  PagingQuery,
  userSort.query,
  Type.Object({ filter: Type.Optional(Type.String({ maxLength: 255 })) }),
]);

/** Administration of users: administrators only. */
export default defineRoutes('users', ['users', 'auth'], ({ users, auth }) => [
  route({
    method: 'POST',
    path: '/api/v1/users',
    access: 'admin',
    summary:
      'Creates a user; the password may come as a string or an array of characters, roles by id or key. Answers the user, also as userID and user',
    body: NewUser,
    response: { schema: UserSavedSchema },
    handler: async ({ body }) => {
      const user = await users.createUser({ ...body, password: passwordText(body.password) });
      return userSavedView(user, await users.rolesOf(user.userId));
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/users',
    access: 'admin',
    summary:
      'Lists users a page at a time, by e-mail unless orderby and direction say otherwise; filter keeps those whose e-mail or name contains it',
    query: UserListQuery,
    response: { schema: Type.Array(UserSchema) },
    handler: ({ query }) =>
      pagedReply(
        query,
        (page) =>
          users.listUsers({
            ...page,
            sort: userSort.read(query),
            ...(query.filter?.trim() ? { search: query.filter } : {}),
          }),
        async (u) => userView(u, await users.rolesOf(u.userId)),
      ),
  }),
  route({
    method: 'GET',
    path: '/api/v1/users/:userId',
    access: 'admin',
    summary: 'One user',
    answers: { 404: 'no such user' },
    response: { schema: UserSchema },
    handler: async ({ params }) => {
      const user = await users.getUser(params.userId);
      return userView(user, await users.rolesOf(user.userId));
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/users/:userId',
    access: 'admin',
    summary:
      'Changes a user: e-mail, names, password, granted roles (replaced), active; members left out stay as they are. A new password or deactivation ends the user’s sessions and API keys',
    answers: { 404: 'no such user', 409: 'another user has this e-mail' },
    response: { schema: UserSavedSchema },
    body: UserChanges,
    handler: async ({ params, body, principal }) => {
      const { password, ...changes } = body;
      const user = await users.updateUser(
        params.userId,
        { ...changes, ...(password !== undefined ? { password: passwordText(password) } : {}) },
        principal.user.userId,
      );
      // Sessions and cached credentials of this process answer the change at once (a deactivated
      // user, or one with a new password, is signed out, their sessions and tokens ended in storage
      // for good); other processes within auth.session.cache.seconds.
      auth.forgetUser(user.userId);
      return userSavedView(user, await users.rolesOf(user.userId));
    },
  }),
]);
