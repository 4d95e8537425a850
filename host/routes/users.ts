import { Type } from '@sinclair/typebox';
import { PagingQuery, pagedReply } from '../http/paging.js';
import { route } from '../http/route.js';
import { sortable } from '../http/sorting.js';
import { defineRoutes } from './route-module.js';
import { RoleSchema, roleView } from '../views/role-view.js';
import { UserSchema, userView } from '../views/user-view.js';

const NewUser = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 254 }),
  firstName: Type.String({ maxLength: 100 }),
  lastName: Type.String({ maxLength: 100 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
  roles: Type.Optional(Type.Array(Type.String({ maxLength: 255 }), { maxItems: 200 })),
});

/** Members left out stay as they are; `roles` replaces the granted roles. */
const UserChanges = Type.Object({
  email: Type.Optional(Type.String({ minLength: 3, maxLength: 254 })),
  firstName: Type.Optional(Type.String({ maxLength: 100 })),
  lastName: Type.Optional(Type.String({ maxLength: 100 })),
  password: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
  roles: Type.Optional(Type.Array(Type.String({ maxLength: 255 }), { maxItems: 200 })),
  active: Type.Optional(Type.Boolean()),
});

const NewRole = Type.Object({
  roleName: Type.String({ minLength: 1, maxLength: 255 }),
  roleKey: Type.Optional(Type.String({ maxLength: 255 })),
  description: Type.Optional(Type.String({ maxLength: 4000 })),
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

/** Roles are listed whole; a sort asked for is applied rather than ignored. */
const roleSort = sortable(
  { name: ['name', 'role_name', 'roleName'], key: ['key', 'role_key', 'roleKey'], id: ['id'] },
  'name',
);

/** Administration of users and roles: administrators only. */
export default defineRoutes('users', ['users', 'auth'], ({ users, auth }) => [
  route({
    method: 'POST',
    path: '/api/v1/users',
    access: 'admin',
    summary: 'Creates a user',
    body: NewUser,
    response: { schema: UserSchema },
    handler: async ({ body }) => {
      const user = await users.createUser(body);
      return userView(user, await users.rolesOf(user.userId));
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
      'Changes a user: e-mail, names, password, granted roles (replaced), active; members left out stay as they are',
    answers: { 404: 'no such user', 409: 'another user has this e-mail' },
    response: { schema: UserSchema },
    body: UserChanges,
    handler: async ({ params, body, principal }) => {
      const user = await users.updateUser(params.userId, body, principal.user.userId);
      // Sessions and cached credentials of this process answer the change at once (a deactivated
      // user is signed out, their sessions and tokens ended in storage for good); other processes
      // within auth.session.cache.seconds.
      auth.forgetUser(user.userId);
      return userView(user, await users.rolesOf(user.userId));
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/roles',
    access: 'admin',
    summary: 'Creates a role',
    body: NewRole,
    response: { schema: RoleSchema },
    handler: async ({ body }) => roleView(await users.createRole(body)),
  }),
  route({
    method: 'GET',
    path: '/api/v1/roles',
    access: 'admin',
    summary: 'Lists the roles, by name unless orderby and direction say otherwise',
    query: roleSort.query,
    response: { schema: Type.Array(RoleSchema) },
    handler: async ({ query }) => (await users.listRoles(roleSort.read(query))).map(roleView),
  }),
  route({
    method: 'GET',
    path: '/api/v1/roles/:roleId',
    access: 'admin',
    summary: 'One role',
    answers: { 404: 'no such role' },
    response: { schema: RoleSchema },
    handler: async ({ params }) => roleView(await users.getRole(params.roleId)),
  }),
]);
