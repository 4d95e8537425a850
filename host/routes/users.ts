import { Type } from '@sinclair/typebox';
import { PagingQuery, pagedReply } from '../http/paging.js';
import { route } from '../http/route.js';
import { defineRoutes } from './route-module.js';
import { roleView } from '../views/role-view.js';
import { userView } from '../views/user-view.js';

const NewUser = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 254 }),
  firstName: Type.String({ maxLength: 100 }),
  lastName: Type.String({ maxLength: 100 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
  roles: Type.Optional(Type.Array(Type.String({ maxLength: 255 }), { maxItems: 200 })),
});

const NewRole = Type.Object({
  roleName: Type.String({ minLength: 1, maxLength: 255 }),
  roleKey: Type.Optional(Type.String({ maxLength: 255 })),
  description: Type.Optional(Type.String({ maxLength: 4000 })),
});

/** Administration of users and roles: administrators only. */
export default defineRoutes('users', ({ users }) => [
  route({
    method: 'POST',
    path: '/api/v1/users',
    access: 'admin',
    summary: 'Creates a user',
    body: NewUser,
    handler: async ({ body }) => {
      const user = await users.createUser(body);
      return userView(user, await users.rolesOf(user.userId));
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/users',
    access: 'admin',
    summary: 'Lists users, a page at a time',
    query: PagingQuery,
    handler: ({ query }) =>
      pagedReply(
        query,
        (page) => users.listUsers(page),
        async (u) => userView(u, await users.rolesOf(u.userId)),
      ),
  }),
  route({
    method: 'GET',
    path: '/api/v1/users/:userId',
    access: 'admin',
    summary: 'One user',
    answers: { 404: 'no such user' },
    handler: async ({ params }) => {
      const user = await users.getUser(params.userId);
      return userView(user, await users.rolesOf(user.userId));
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/roles',
    access: 'admin',
    summary: 'Creates a role',
    body: NewRole,
    handler: async ({ body }) => roleView(await users.createRole(body)),
  }),
  route({
    method: 'GET',
    path: '/api/v1/roles',
    access: 'admin',
    summary: 'Lists the roles',
    handler: async () => (await users.listRoles()).map(roleView),
  }),
  route({
    method: 'GET',
    path: '/api/v1/roles/:roleId',
    access: 'admin',
    summary: 'One role',
    answers: { 404: 'no such role' },
    handler: async ({ params }) => roleView(await users.getRole(params.roleId)),
  }),
]);
